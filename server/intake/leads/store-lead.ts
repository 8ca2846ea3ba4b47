/**
 * Stores accepted leads: each lead, the evidence of its consent and its delivery job in ONE transaction, so the
 * visitor is told "received" only when all three are committed, and never one without the others.
 *
 * Leads that arrive while a transaction is being written wait and are written together in the next one (group
 * commit): one commit, and one sync to disk, for many leads, and a few statements per group instead of several per
 * lead. Nobody waits for a timer: a lead arriving at a quiet moment is written at once. See
 * docs/decisions/021-group-commit-of-leads.md.
 *
 * A lead sent again under the same Idempotency-Key is not stored again: the sender gets the lead already stored, or a
 * refusal when the key came with another request. A lead whose honeypot was filled, or whose email and phone arrived
 * within the last day, is stored held back, with no delivery job (docs/decisions/044-intake-guards.md).
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../platform/db/types.ts';
import type { DeliveryQueue } from './delivery-queue.ts';
import type { ConsentShown } from './consent-shown.ts';
import { DEFAULT_LEAD_LANGUAGE } from '../../../contracts/lead.ts';

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
  /** The client's Idempotency-Key and the SHA-256 of the request it came with, when it sent one. */
  idempotency: { key: string; requestSha256: string } | undefined;
  /** The honeypot field was filled: a bot, to be stored and never delivered. */
  honeypot: boolean;
  /** SHA-256 of the normalised email and phone (contactSha256), when the lead has both. */
  contactSha256: string | undefined;
  /** The funnel's visit the page sent the lead from (`funnel_visit`), kept apart from the payload buyers get. */
  funnelVisit?: string | undefined;
  /** The visitor sent an opt-out preference signal (Global Privacy Control); the payload's `gpc` says the same. */
  gpc?: boolean;
  /** The language the form was filled in ("en" when not given); the payload's `language` says the same. */
  language?: string;
}

/** A lead just stored with the funnel's visit it came from. */
export interface LeadOfVisit {
  visit: string;
  flowVersion: string;
}

/**
 * Told of the leads stored with a funnel visit, in the transaction that stores them (so the funnel's counts and the
 * leads commit together). Intake knows nothing of the funnel: the server passes the funnel's listener in.
 */
export type LeadsOfVisitsStored = (tx: Queryable, leads: readonly LeadOfVisit[]) => Promise<void>;

/** The listener above, and what to do when it fails (the leads are stored all the same). */
export interface VisitsListener {
  stored: LeadsOfVisitsStored;
  failed: (error: unknown) => void;
}

/** The answer intake gives for a stored lead: the same for the first request and any replay of it. */
export interface StoredLead {
  id: string;
  consent: { version: string; sha256: string };
  /** An earlier request with the same Idempotency-Key stored this lead; nothing was written now. */
  replayed: boolean;
}

/** The Idempotency-Key was used before with another request; nothing was stored. */
export class IdempotencyKeyReused extends Error {
  constructor() {
    super('The Idempotency-Key was already used with another request');
    this.name = 'IdempotencyKeyReused';
  }
}

export interface LeadStore {
  /**
   * Resolves once the lead is committed (or, for a replayed Idempotency-Key, found). Rejects with
   * IdempotencyKeyReused, or, with nothing of the lead stored, when it could not be stored, the delivery queue
   * included; another lead's failure never fails this one.
   */
  store(lead: AcceptedLead): Promise<StoredLead>;
}

/** A repeat of the same email and phone within this window is stored as a duplicate and not delivered again. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

type Held = 'honeypot' | 'duplicate' | null;

/** Leads per transaction at most: bounds the statement's size and the time one transaction holds the database. */
export const MAX_LEADS_PER_TRANSACTION = 100;

interface Waiting {
  id: string;
  /** When intake accepted it: the lead's received_at and the consent's consented_at. */
  receivedAt: Date;
  lead: AcceptedLead;
  resolve: (stored: StoredLead) => void;
  reject: (error: unknown) => void;
}

// One statement for both tables; json_to_recordset reads the same on PGlite and PostgreSQL. Within one statement the
// consent rows' foreign key sees the lead rows the CTE inserted. A lead whose Idempotency-Key is already stored (by
// an earlier request, another lead of this group, or another server) is skipped, evidence included; the statement
// returns the ids it stored.
const INSERT_LEADS = `
  with received as (
    select * from json_to_recordset($1::json) as r(
      id uuid, received_at timestamptz, flow text, flow_version text, payload jsonb,
      idempotency_key text, request_sha256 text, held text, contact_sha256 text, funnel_visit text, gpc boolean,
      language text,
      consent_version text, consent_text text, consent_sha256 text,
      ip text, user_agent text, page_url text, certificate_url text)
  ), stored as (
    insert into leads
      (id, received_at, flow, flow_version, payload, idempotency_key, request_sha256, held, contact_sha256, funnel_visit,
       gpc, language)
    select id, received_at, flow, flow_version, payload, idempotency_key, request_sha256, held, contact_sha256,
           funnel_visit, gpc, language
      from received
    on conflict (idempotency_key) do nothing
    returning id
  ), evidence as (
    insert into consent_evidence
      (lead_id, consent_version, consent_text, consent_sha256, consented_at, ip, user_agent, page_url, certificate_url)
    select id, consent_version, consent_text, consent_sha256, received_at, ip, user_agent, page_url, certificate_url
      from received where id in (select id from stored)
  )
  select id from stored`;

// The leads stored earlier under these keys, with the consent they were stored with: a replay's answer.
const EARLIER_LEADS = `
  select l.id, l.idempotency_key, l.request_sha256, c.consent_version, c.consent_sha256
    from leads l join consent_evidence c on c.lead_id = l.id
   where l.idempotency_key = any($1::text[])`;

// Locks each contact for the rest of the transaction, so two servers storing the same email and phone at once cannot
// both find no earlier lead. Callers pass the contacts sorted: every transaction locks in one order, so none deadlock.
const LOCK_CONTACTS = 'select pg_advisory_xact_lock(hashtextextended(contact, 0)) from unnest($1::text[]) as contact';

const RECENT_CONTACTS = `
  select distinct contact_sha256 from leads
   where contact_sha256 = any($1::text[]) and received_at > $2 and held is distinct from 'honeypot'`;

/**
 * Why each lead of the group is held back: a filled honeypot, or a contact already stored within the window (by an
 * earlier lead or one before it in this group).
 */
async function heldBack(tx: Queryable, leads: readonly Waiting[]): Promise<Held[]> {
  const contacts = [...new Set(leads.flatMap(({ lead }) => (lead.honeypot ? [] : (lead.contactSha256 ?? []))))].sort();
  const seen = new Set<string>();
  if (contacts.length > 0) {
    await tx.query(LOCK_CONTACTS, [contacts]);
    const since = new Date(Math.min(...leads.map(({ receivedAt }) => receivedAt.getTime())) - DUPLICATE_WINDOW_MS);
    const { rows } = await tx.query<{ contact_sha256: string }>(RECENT_CONTACTS, [contacts, since]);
    for (const row of rows) seen.add(row.contact_sha256);
  }
  return leads.map(({ lead }) => {
    if (lead.honeypot) return 'honeypot';
    const contact = lead.contactSha256;
    if (contact === undefined) return null;
    if (seen.has(contact)) return 'duplicate';
    seen.add(contact);
    return null;
  });
}

function row({ id, receivedAt, lead }: Waiting, held: Held) {
  return {
    id,
    received_at: receivedAt.toISOString(),
    flow: lead.flow,
    flow_version: lead.flowVersion,
    payload: lead.payload,
    idempotency_key: lead.idempotency?.key ?? null,
    request_sha256: lead.idempotency?.requestSha256 ?? null,
    held,
    contact_sha256: lead.contactSha256 ?? null,
    funnel_visit: lead.funnelVisit ?? null,
    gpc: lead.gpc ?? false,
    language: lead.language ?? DEFAULT_LEAD_LANGUAGE,
    consent_version: lead.consent.version,
    consent_text: lead.consent.text,
    consent_sha256: lead.consent.sha256,
    ip: lead.ip,
    user_agent: lead.userAgent ?? null,
    page_url: lead.pageUrl ?? null,
    certificate_url: lead.certificateUrl ?? null,
  };
}

/** What each lead of a group comes to; settled only once the transaction has committed. */
type Outcome = { stored: StoredLead } | { error: IdempotencyKeyReused };

/**
 * Tells the listener of the leads stored with a visit, inside a savepoint: should it fail, what it did is undone and
 * the leads commit all the same. A lead is never lost to the funnel's bookkeeping; the visit's count catches up with
 * its next events, or with the funnel's rebuild, both of which read the stored leads.
 */
async function tellVisits(tx: Queryable, visits: VisitsListener, leads: readonly LeadOfVisit[]): Promise<void> {
  await tx.query('savepoint leads_of_visits');
  try {
    await visits.stored(tx, leads);
    await tx.query('release savepoint leads_of_visits');
  } catch (error) {
    await tx.query('rollback to savepoint leads_of_visits');
    visits.failed(error);
  }
}

async function insertLeads(
  tx: Queryable,
  delivery: DeliveryQueue,
  visits: VisitsListener | undefined,
  leads: readonly Waiting[],
): Promise<Outcome[]> {
  const held = await heldBack(tx, leads);
  const { rows } = await tx.query<{ id: string }>(INSERT_LEADS, [
    JSON.stringify(leads.map((lead, n) => row(lead, held[n]!))),
  ]);
  const stored = new Set(rows.map((row) => row.id));
  const deliver = leads.filter((lead, n) => stored.has(lead.id) && held[n] === null).map((lead) => lead.id);
  if (deliver.length > 0) await delivery.enqueue(tx, deliver);
  const ofVisits = leads.flatMap(({ id, lead }): LeadOfVisit[] =>
    stored.has(id) && lead.funnelVisit !== undefined
      ? [{ visit: lead.funnelVisit, flowVersion: lead.flowVersion }]
      : [],
  );
  if (visits !== undefined && ofVisits.length > 0) await tellVisits(tx, visits, ofVisits);

  const replayedKeys = leads.flatMap(({ id, lead }) => (stored.has(id) ? [] : [lead.idempotency!.key]));
  const earlier = new Map<
    string,
    { id: string; request_sha256: string; consent_version: string; consent_sha256: string }
  >();
  if (replayedKeys.length > 0) {
    const found = await tx.query<{
      id: string;
      idempotency_key: string;
      request_sha256: string;
      consent_version: string;
      consent_sha256: string;
    }>(EARLIER_LEADS, [replayedKeys]);
    for (const lead of found.rows) earlier.set(lead.idempotency_key, lead);
  }
  return leads.map(({ id, lead }): Outcome => {
    if (stored.has(id)) {
      return {
        stored: { id, consent: { version: lead.consent.version, sha256: lead.consent.sha256 }, replayed: false },
      };
    }
    const first = earlier.get(lead.idempotency!.key);
    if (first === undefined || first.request_sha256 !== lead.idempotency!.requestSha256) {
      return { error: new IdempotencyKeyReused() };
    }
    const consent = { version: first.consent_version, sha256: first.consent_sha256 };
    return { stored: { id: first.id, consent, replayed: true } };
  });
}

function settle(lead: Waiting, outcome: Outcome): void {
  if ('stored' in outcome) lead.resolve(outcome.stored);
  else lead.reject(outcome.error);
}

export function createLeadStore(db: Database, delivery: DeliveryQueue, visits?: VisitsListener): LeadStore {
  const queue: Waiting[] = [];
  let writing = false;

  const write = (leads: readonly Waiting[]) => db.transaction((tx) => insertLeads(tx, delivery, visits, leads));

  async function writeGroup(group: readonly Waiting[]): Promise<void> {
    try {
      const outcomes = await write(group);
      group.forEach((lead, n) => settle(lead, outcomes[n]!));
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
        settle(lead, (await write([lead]))[0]!);
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
      return new Promise<StoredLead>((resolve, reject) => {
        queue.push({ id: randomUUID(), receivedAt: new Date(), lead, resolve, reject });
        if (writing) return;
        writing = true;
        // After the requests this turn of the event loop has read, so those arriving together share a transaction.
        setImmediate(() => void writeAll());
      });
    },
  };
}
