/**
 * What the routing fault tests share: a BUYERS_FILE of local buyers, leads of a given state, what each buyer
 * accepted (once per lead, and its repeats apart), and waiting until every lead has a final state, read through the
 * console's counts as an operator reads them (the embedded database cannot be opened while its server runs).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/api-paths.ts';
import { COUNTS_PATH, SESSION_PATH } from '../../contracts/console.ts';
import { validLead } from '../support/lead-fixture.ts';
import { tempDir } from '../support/server-harness.ts';
import type { TestBuyer } from '../support/test-buyer.ts';
import type { Queryable } from '../../server/platform/db/types.ts';
import { submitUntilAnswered, type Visitor } from './support.ts';
import { newVisitToken } from '../support/xsrf-tokens.ts';

/** One buyer of a BUYERS_FILE: `lender` is an id of site/content/lenders.json. */
export interface BuyerEntry {
  lender: 'quillmont' | 'vantorra' | 'elmsbrook' | 'corvane';
  endpoint: string;
  priority: number;
  filters?: { states?: string[]; amount?: { min?: number; max?: number } };
  caps?: { perDay?: number; perMonth?: number };
  price?: number;
  pingEndpoint?: string;
  pingTimeoutMs?: number;
}

/** The terms of every sale, beside `buyers`. */
export interface SaleTerms {
  floorPrice?: number;
  maxBid?: number;
  failoverSeconds?: number;
}

/** Writes a BUYERS_FILE into a temp folder; its path, and how to remove it. */
export function writeBuyersFile(
  buyers: readonly BuyerEntry[],
  sale: SaleTerms = {},
): { path: string; remove: () => void } {
  const dir = tempDir('fundflow-buyers-');
  const path = join(dir.path, 'buyers.json');
  // A day that turns over during the test would give a capped buyer a second day's cap: its time zone is UTC's.
  const file = { ...sale, buyers: buyers.map((buyer) => ({ timeZone: 'UTC', ...buyer })) };
  writeFileSync(path, JSON.stringify(file, null, 2));
  return { path, remove: dir.remove };
}

/** Where a lead's business is: the fixture's lead in Beverly Hills, moved to another state. */
const PLACES: Record<string, { city: string; zipcode: string; street: string }> = {
  CA: { city: 'Beverly Hills', zipcode: '90210', street: '9500 Wilshire Blvd' },
  TX: { city: 'Dallas', zipcode: '75201', street: '1500 Main St' },
  NY: { city: 'New York', zipcode: '10001', street: '350 5th Ave' },
};

/** `count` visitors, each with a lead of its own email in one of `states`, in turn. */
export function visitorsIn(states: readonly string[], count: number, tag: string): (Visitor & { state: string })[] {
  return Array.from({ length: count }, (_, n) => {
    const state = states[n % states.length]!;
    const place = PLACES[state]!;
    return {
      state,
      key: `${tag}-${n}-${randomBytes(12).toString('hex')}`,
      token: newVisitToken(),
      lead: validLead({
        email: `visitor.${tag}.${n}@example.com`,
        state,
        city: place.city,
        zipcode: place.zipcode,
        business_zipcode: place.zipcode,
        street_address: place.street,
        address: `${place.street}, ${place.city}, ${state} ${place.zipcode}`,
      }),
    };
  });
}

/** What a buyer accepted: the emails of the leads, once each, and the requests that repeated one already taken. */
export interface Taken {
  /** Email -> the message ids it was accepted under (more than one would be the same lead sold twice). */
  messageIds: Map<string, Set<string>>;
  /** 2xx answers to a message id it had already accepted: at-least-once repeats after a crash. */
  repeats: number;
}

export function taken(buyer: TestBuyer): Taken {
  const messageIds = new Map<string, Set<string>>();
  let repeats = 0;
  for (const request of buyer.received) {
    if (request.status < 200 || request.status >= 300) continue;
    if (request.duplicate) {
      repeats++;
      continue;
    }
    const email = String(request.body.email);
    const ids = messageIds.get(email) ?? new Set<string>();
    ids.add(String(request.headers['webhook-id']));
    messageIds.set(email, ids);
  }
  return { messageIds, repeats };
}

/** Resolves once `condition` holds, checked every 20 ms (the buyers run in this process); rejects at `deadline`. */
export async function until(condition: () => boolean, what: string, deadline: number): Promise<void> {
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never saw ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The final states of a lead: nothing more will happen to it without an operator. */
const FINAL = ['delivered', 'unsold', 'held', 'dead-lettered'] as const;

/**
 * An admin of the console, made at the server's start from ADMIN_EMAIL and ADMIN_PASSWORD. The runs read counts as
 * it with the password alone: the second factor is offered, not required (its own tests are in
 * tests/server/console/second-factor/).
 */
export const ADMIN = { email: 'faults.admin@example.com', password: 'routing fault run passphrase 1' };
export const ADMIN_SETTINGS = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, CONSOLE_MFA: 'optional' };

/** Signs the admin in on the server at `port`; the cookie header of its session. */
export async function signIn(port: number): Promise<string> {
  const token = newVisitToken();
  const response = await fetch(`http://127.0.0.1:${port}${SESSION_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `${XSRF_COOKIE}=${token}`,
      [XSRF_HEADER.toLowerCase()]: token,
    },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`the admin's sign-in answered ${response.status}`);
  const session = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  return [...session, `${XSRF_COOKIE}=${token}`].join('; ');
}

/**
 * Resolves with the counts by status once the console counts `total` leads, every one in a final state, asking the
 * server at `port` as the signed-in admin (`cookie`); rejects at `deadline`.
 */
export async function allFinal(
  port: number,
  cookie: string,
  total: number,
  deadline: number,
): Promise<Record<string, number>> {
  for (;;) {
    let last: string;
    try {
      const response = await fetch(`http://127.0.0.1:${port}${COUNTS_PATH}`, { headers: { cookie } });
      if (response.status === 200) {
        const counts = (await response.json()) as { total: number; by_status: Record<string, number> };
        const final = FINAL.reduce((sum, status) => sum + (counts.by_status[status] ?? 0), 0);
        if (counts.total === total && final === total) return counts.by_status;
        last = JSON.stringify(counts.by_status);
      } else {
        last = `HTTP ${response.status}`;
      }
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`not every lead reached a final state in time: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Each lead without a final state, with its path through the buyers and its jobs: what a failure says, so a lead
 * stuck on its way can be told from one waiting for a retry.
 */
export async function unsettledLeads(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ id: string; routes: unknown; jobs: unknown }>(
    `select l.id,
            (select json_agg(json_build_object('buyer', r.buyer_id, 'state', r.state, 'attempts', r.attempts,
                                               'reason', r.reason) order by r.position)
               from lead_routes r where r.lead_id = l.id) as routes,
            (select json_agg(json_build_object('name', j.name, 'state', j.state, 'retries', j.retry_count,
                                               'start_after', j.start_after, 'started_on', j.started_on))
               from pgboss.job j where j.data->>'leadId' = l.id::text) as jobs
       from leads l
      where l.delivered_at is null and l.held is null
        and (l.delivery_state is null or l.delivery_state not in ('unsold', 'dead-lettered'))`,
  );
  return rows
    .map((row) => `${row.id}: routes ${JSON.stringify(row.routes)}, jobs ${JSON.stringify(row.jobs)}`)
    .join('\n');
}

/**
 * Sends every visitor's lead, `atOnce` at a time, each until the server answers it (across its kills); any answer
 * but a 201 rejects `submitted`. `ids` fills in by visitor as answers come, `submitted` settles once all have.
 */
export function submitCrowd(
  port: number,
  crowd: readonly Visitor[],
  atOnce: number,
  deadline: number,
): { ids: string[]; submitted: Promise<void> } {
  const ids: string[] = [];
  let next = 0;
  const submitted = Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < crowd.length) {
        const n = next++;
        const answer = await submitUntilAnswered(port, crowd[n]!, deadline);
        if (answer.status !== 201) throw new Error(`${crowd[n]!.key} was answered ${answer.status}, not 201`);
        ids[n] = answer.body.id!;
      }
    }),
  ).then(() => undefined);
  return { ids, submitted };
}
