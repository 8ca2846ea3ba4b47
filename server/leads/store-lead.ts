/**
 * Stores accepted leads: each lead, the evidence of its consent and its delivery job in ONE transaction, so the
 * visitor is told "received" only when all three are committed, and never one without the others.
 *
 * Leads that arrive while a transaction is being written wait and are written together in the next one (group
 * commit): one commit, and one sync to disk, for many leads, and a few statements per group instead of several per
 * lead. Nobody waits for a timer: a lead arriving at a quiet moment is written at once. See
 * docs/decisions/021-group-commit-of-leads.md.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types.ts';
import type { DeliveryQueue } from '../delivery/queue.ts';
import type { ConsentShown } from './consent-shown.ts';

export interface AcceptedLead {
  flow: string;
  flowVersion: string;
  /** The payload as validated (ignored keys already dropped). */
  payload: Record<string, unknown>;
  consent: ConsentShown;
  /** The visitor's address as the server sees it (TRUST_PROXY decides whether a forwarded one counts). */
  ip: string;
  userAgent: string | undefined;
  pageUrl: string | undefined;
  certificateUrl: string | undefined;
}

export interface LeadStore {
  /**
   * Resolves with the new lead's id once it is committed. Rejects, with nothing of the lead stored, when it could not
   * be stored, the delivery queue included; another lead's failure never fails this one.
   */
  store(lead: AcceptedLead): Promise<string>;
}

/** Leads per transaction at most: bounds the statement's size and the time one transaction holds the database. */
export const MAX_LEADS_PER_TRANSACTION = 100;

interface Waiting {
  id: string;
  /** When intake accepted it: the lead's received_at and the consent's consented_at. */
  receivedAt: Date;
  lead: AcceptedLead;
  resolve: (id: string) => void;
  reject: (error: unknown) => void;
}

// One statement for both tables; json_to_recordset reads the same on PGlite and PostgreSQL. Within one statement the
// consent rows' foreign key sees the lead rows the CTE inserted.
const INSERT_LEADS = `
  with received as (
    select * from json_to_recordset($1::json) as r(
      id uuid, received_at timestamptz, flow text, flow_version text, payload jsonb,
      consent_version text, consent_text text, consent_sha256 text,
      ip text, user_agent text, page_url text, certificate_url text)
  ), stored as (
    insert into leads (id, received_at, flow, flow_version, payload)
    select id, received_at, flow, flow_version, payload from received
  )
  insert into consent_evidence
    (lead_id, consent_version, consent_text, consent_sha256, consented_at, ip, user_agent, page_url, certificate_url)
  select id, consent_version, consent_text, consent_sha256, received_at, ip, user_agent, page_url, certificate_url
    from received`;

function row({ id, receivedAt, lead }: Waiting) {
  return {
    id,
    received_at: receivedAt.toISOString(),
    flow: lead.flow,
    flow_version: lead.flowVersion,
    payload: lead.payload,
    consent_version: lead.consent.version,
    consent_text: lead.consent.text,
    consent_sha256: lead.consent.sha256,
    ip: lead.ip,
    user_agent: lead.userAgent ?? null,
    page_url: lead.pageUrl ?? null,
    certificate_url: lead.certificateUrl ?? null,
  };
}

async function insertLeads(tx: Queryable, delivery: DeliveryQueue, leads: readonly Waiting[]): Promise<void> {
  await tx.query(INSERT_LEADS, [JSON.stringify(leads.map(row))]);
  await delivery.enqueue(tx, leads.map((lead) => lead.id));
}

export function createLeadStore(db: Database, delivery: DeliveryQueue): LeadStore {
  const queue: Waiting[] = [];
  let writing = false;

  const write = (leads: readonly Waiting[]) => db.transaction((tx) => insertLeads(tx, delivery, leads));

  async function writeGroup(group: readonly Waiting[]): Promise<void> {
    try {
      await write(group);
      for (const lead of group) lead.resolve(lead.id);
      return;
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
    }
    // One bad lead (say, text the database refuses) must not cost the others theirs: each again on its own.
    for (const lead of group) {
      try {
        await write([lead]);
        lead.resolve(lead.id);
      } catch (error) {
        lead.reject(error);
      }
    }
  }

  async function writeAll(): Promise<void> {
    try {
      while (queue.length > 0) await writeGroup(queue.splice(0, MAX_LEADS_PER_TRANSACTION));
    } finally {
      writing = false;
    }
  }

  return {
    store(lead) {
      return new Promise<string>((resolve, reject) => {
        queue.push({ id: randomUUID(), receivedAt: new Date(), lead, resolve, reject });
        if (writing) return;
        writing = true;
        // After the requests this turn of the event loop has read, so those arriving together share a transaction.
        setImmediate(() => void writeAll());
      });
    },
  };
}
