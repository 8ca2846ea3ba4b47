/**
 * Stores an accepted lead: the lead, the evidence of its consent and its delivery job, in ONE transaction, so the
 * visitor is told "received" only when all three are saved, and never one without the others.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/types.ts';
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

/** Returns the new lead's id. Throws (and stores nothing) when any part fails, the delivery queue included. */
export async function storeLead(db: Database, delivery: DeliveryQueue, lead: AcceptedLead): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(
      'insert into leads (id, flow, flow_version, payload) values ($1, $2, $3, $4::jsonb)',
      [id, lead.flow, lead.flowVersion, JSON.stringify(lead.payload)],
    );
    // now() is the transaction's start: the consent time is the moment the lead was received.
    await tx.query(
      `insert into consent_evidence
         (lead_id, consent_version, consent_text, consent_sha256, consented_at,
          ip, user_agent, page_url, certificate_url)
       values ($1, $2, $3, $4, now(), $5, $6, $7, $8)`,
      [
        id,
        lead.consent.version,
        lead.consent.text,
        lead.consent.sha256,
        lead.ip,
        lead.userAgent ?? null,
        lead.pageUrl ?? null,
        lead.certificateUrl ?? null,
      ],
    );
    await delivery.enqueue(tx, id);
  });
  return id;
}
