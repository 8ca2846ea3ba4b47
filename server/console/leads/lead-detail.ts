/**
 * A lead's page in the console: who and what it is for, its answers in its flow version's words, the evidence of its consent, where its delivery ended and why and what it sold for, its path
 * through the buyers and every delivery attempt, oldest first, each with its buyer.
 */
import type { LeadPageResponse, LeadStatus } from '../../../contracts/console.ts';
import type { Queryable } from '../../platform/db/types.ts';
import type { BuyerNames } from '../../buyers/index.ts';
import { answerGroups, type AnswerLabels } from './answer-labels.ts';
import { BUSINESS_NAME_SQL, NAME_SQL, STATUS_SQL } from './lead-columns.ts';
import { leadRouting } from './lead-routing.ts';

type LeadPage = LeadPageResponse['lead'];

interface LeadRecord {
  id: string;
  received_at: Date;
  flow: string;
  flow_version: string;
  status: LeadStatus;
  held: string | null;
  delivered_at: Date | null;
  delivered_to: string | null;
  /** numeric as text: the exact amount. */
  sold_price: string | null;
  delivery_reason: string | null;
  name: string;
  business_name: string;
  purged_at: Date | null;
  gpc: boolean;
  language: string;
  payload: Record<string, unknown>;
}

interface ConsentRecord {
  consent_text: string;
  consent_version: string;
  consent_sha256: string;
  consented_at: Date;
  ip: string;
  user_agent: string | null;
  page_url: string | null;
  certificate_url: string | null;
}

interface AttemptRecord {
  attempt: number;
  attempted_at: Date;
  http_status: number | null;
  outcome: 'delivered' | 'failed' | 'rejected';
  error: string | null;
  duration_ms: number | null;
  buyer_id: string | null;
}

/** The lead's status and hold, or undefined for an unknown lead. */
export async function leadStatus(
  db: Queryable,
  leadId: string,
): Promise<{ status: LeadStatus; held: string | null; delivered: boolean } | undefined> {
  const { rows } = await db.query<{ status: LeadStatus; held: string | null; delivered: boolean }>(
    `select ${STATUS_SQL} as status, l.held, l.delivered_at is not null as delivered from leads l where l.id = $1`,
    [leadId],
  );
  return rows[0];
}

/** What a lead's page is read with: the buyers' names and the flows' labels. */
export interface LeadReading {
  names: BuyerNames;
  labels: AnswerLabels;
}

export async function leadDetail(
  db: Queryable,
  leadId: string,
  { names, labels }: LeadReading,
): Promise<LeadPage | undefined> {
  const { rows } = await db.query<LeadRecord>(
    `select l.id, l.received_at, l.flow, l.flow_version, ${STATUS_SQL} as status, l.held, l.delivered_at,
            l.delivered_to, l.sold_price::text, l.delivery_reason, ${NAME_SQL} as name, ${BUSINESS_NAME_SQL} as business_name,
            l.purged_at, l.gpc, l.language, l.payload
       from leads l where l.id = $1`,
    [leadId],
  );
  const lead = rows[0];
  if (lead === undefined) return undefined;
  const consent = await db.query<ConsentRecord>(
    `select consent_text, consent_version, consent_sha256, consented_at, ip, user_agent, page_url, certificate_url
       from consent_evidence where lead_id = $1`,
    [leadId],
  );
  const attempts = await db.query<AttemptRecord>(
    `select attempt, attempted_at, http_status, outcome, error, duration_ms, buyer_id
       from delivery_attempts where lead_id = $1 order by attempt`,
    [leadId],
  );
  const routing = await leadRouting(db, leadId, names);
  const evidence = consent.rows[0];
  return {
    id: lead.id,
    received_at: lead.received_at.toISOString(),
    flow: lead.flow,
    flow_version: lead.flow_version,
    status: lead.status,
    held_reason: lead.held,
    delivered_at: lead.delivered_at?.toISOString() ?? null,
    delivered_to: lead.delivered_to,
    delivered_to_name: lead.delivered_to === null ? null : names(lead.delivered_to),
    sold_price: lead.sold_price,
    delivery_reason: lead.delivery_reason,
    name: lead.name,
    business_name: lead.business_name,
    purged_at: lead.purged_at?.toISOString() ?? null,
    gpc: lead.gpc,
    language: lead.language,
    answers: lead.payload,
    answer_groups: answerGroups(labels, lead.flow_version, lead.payload),
    consent:
      evidence === undefined
        ? null
        : {
            text: evidence.consent_text,
            version: evidence.consent_version,
            sha256: evidence.consent_sha256,
            consented_at: evidence.consented_at.toISOString(),
            ip: evidence.ip,
            user_agent: evidence.user_agent,
            page_url: evidence.page_url,
            certificate_url: evidence.certificate_url,
          },
    path: routing.path,
    pings: routing.pings,
    attempts: attempts.rows.map((attempt) => ({
      ...attempt,
      attempted_at: attempt.attempted_at.toISOString(),
      buyer_name: attempt.buyer_id === null ? null : names(attempt.buyer_id),
    })),
    returns: routing.returns,
    revocations: routing.revocations,
  };
}
