/**
 * "Stop contacting me" over the API, on PGlite and (with DATABASE_URL) PostgreSQL: the visitor's revocation of consent
 * for every lead with the email or phone, as an operator's: a lead not yet delivered is held for good, lead.revoked is
 * queued on pg-boss to every buyer that received one, and the console's audit log shows it with the leads' ids, never
 * the contact. The answer is the same whether or not any lead carries the contact.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AUDIT_PATH, LEADS_PATH, type AuditResponse, type LeadActionResponse } from '../../../contracts/console.ts';
import type { BuyerEventQueue } from '../../../server/buyers/events/buyer-events.ts';
import type { Database } from '../../../server/platform/db/types.ts';
import { eventsOf, queuedEventIds, seedRoutedLead, startBuyerEventsOn } from '../../support/buyer-events-setup.ts';
import { consoleUserWithSession } from '../../support/console-users.ts';
import { openDatabase } from '../../support/delivery-setup.ts';
import { startLeadApp } from '../../support/lead-app.ts';
import { DATABASES, xsrfHeaders } from '../../support/server-harness.ts';

const STOP_CONTACTING = '/api/v1/privacy/stop-contacting';

async function appOn(db: Database, buyerEvents?: BuyerEventQueue): Promise<FastifyInstance> {
  const deliveryControl = { redeliver: async () => 'not dead-lettered' as const };
  const app = await startLeadApp(db, buyerEvents === undefined ? {} : { buyerEvents, deliveryControl });
  onTestFinished(() => app.close());
  return app;
}

function stopContacting(app: FastifyInstance, body: unknown, headers: Record<string, string> = xsrfHeaders()) {
  return app.inject({
    method: 'POST',
    url: STOP_CONTACTING,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function heldOf(db: Database, leadId: string): Promise<string | null> {
  const { rows } = await db.query<{ held: string | null }>('select held from leads where id = $1', [leadId]);
  return rows[0]!.held;
}

async function audited(db: Database) {
  const { rows } = await db.query<{ actor: string; action: string; target: string; ip: string }>(
    'select actor, action, target, ip from console_audit order by id',
  );
  return rows;
}

describe.each(DATABASES)('"Stop contacting me" on $name', (kind) => {
  it('holds the leads not yet delivered and tells each buyer that received one, by email or phone', async () => {
    const setup = await openDatabase(kind);
    const { queue } = await startBuyerEventsOn(setup, new Map());
    const app = await appOn(setup.db, queue);
    const waiting = await seedRoutedLead(setup.db, { email: 'Maria.Rivera@Example.com', phone: '2125550100' }, [
      { buyerId: 'vantorra', state: 'sending' },
    ]);
    const delivered = await seedRoutedLead(setup.db, { email: 'mr@example.org', phone: '+1 (310) 555-0147' }, [
      { buyerId: 'refusing', state: 'refused' },
      { buyerId: 'vantorra', state: 'delivered' },
    ]);
    const optedOut = await seedRoutedLead(setup.db, { email: 'maria.rivera@example.com', phone: '4155550100' }, []);
    await setup.db.query(`update leads set held = 'opted-out' where id = $1`, [optedOut]);
    const someoneElses = await seedRoutedLead(setup.db, { email: 'jane@example.com', phone: '2125550199' }, [
      { buyerId: 'vantorra', state: 'sending' },
    ]);

    const response = await stopContacting(app, { email: ' maria.rivera@example.com', phone: '310.555.0147' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recorded: true });
    expect(await heldOf(setup.db, waiting)).toBe('consent-revoked');
    // Delivered already: nothing to hold back, its buyer is told.
    expect(await heldOf(setup.db, delivered)).toBeNull();
    // The visitor's own "Do Not Sell" hold says as much already: it stays.
    expect(await heldOf(setup.db, optedOut)).toBe('opted-out');
    expect(await heldOf(setup.db, someoneElses)).toBeNull();
    const events = await eventsOf(setup.db);
    expect(events).toMatchObject([
      { lead_id: delivered, buyer_id: 'vantorra', type: 'lead.revoked', cause: 'consent-revoked' },
    ]);
    expect(await queuedEventIds(setup)).toEqual([events[0]!.id]);

    // A held lead may not be released: the revocation stands.
    const operator = await consoleUserWithSession(setup.db, 'operator');
    const xsrf = xsrfHeaders();
    const release = await app.inject({
      method: 'POST',
      url: `${LEADS_PATH}/${waiting}/release`,
      headers: { ...xsrf, cookie: `${xsrf.cookie}; ${operator.cookie}` },
    });
    expect(release.json<LeadActionResponse>()).toEqual({
      result: 'held (consent-revoked): it may not be released',
      status: 'held',
    });

    // Sent again: the same answer, nothing queued again.
    expect((await stopContacting(app, { phone: '3105550147' })).json()).toEqual({ recorded: true });
    expect(await queuedEventIds(setup)).toHaveLength(1);
  }, 30_000);

  it("shows in the console's audit log by the visitor, with the leads' ids and no personal data", async () => {
    const setup = await openDatabase(kind);
    const { queue } = await startBuyerEventsOn(setup, new Map());
    const app = await appOn(setup.db, queue);
    const first = await seedRoutedLead(setup.db, { email: 'maria.rivera@example.com', phone: '3105550147' }, []);
    const second = await seedRoutedLead(setup.db, { email: 'maria.rivera@example.com', phone: '3105550147' }, [
      { buyerId: 'vantorra', state: 'delivered' },
    ]);

    await stopContacting(app, { email: 'maria.rivera@example.com' });
    await stopContacting(app, { phone: '2125550123' });

    const ids = [first, second].sort().join(', ');
    const rows = await audited(setup.db);
    expect(rows).toEqual([
      {
        actor: 'visitor (Stop contacting me)',
        action: 'consent-revocation',
        target: `2 leads: ${ids}`,
        ip: 'not kept',
      },
      { actor: 'visitor (Stop contacting me)', action: 'consent-revocation', target: 'no leads', ip: 'not kept' },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/maria|2125550123|127\.0\.0\.1/i);

    const admin = await consoleUserWithSession(setup.db, 'admin');
    const log = await app.inject({ method: 'GET', url: AUDIT_PATH, headers: { cookie: admin.cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.json<AuditResponse>().entries.map(({ actor, action, target }) => [actor, action, target])).toEqual([
      ['visitor (Stop contacting me)', 'consent-revocation', 'no leads'],
      ['visitor (Stop contacting me)', 'consent-revocation', `2 leads: ${ids}`],
    ]);
  }, 30_000);

  it('answers a contact without leads as one with leads, and holds without a queue', async () => {
    const setup = await openDatabase(kind);
    const withQueue = await appOn(setup.db, (await startBuyerEventsOn(setup, new Map())).queue);
    await seedRoutedLead(setup.db, { email: 'maria.rivera@example.com' }, [
      { buyerId: 'vantorra', state: 'delivered' },
    ]);
    const known = await stopContacting(withQueue, { email: 'maria.rivera@example.com' });
    const unknown = await stopContacting(withQueue, { email: 'nobody@example.com' });
    expect([unknown.statusCode, unknown.headers['content-type'], unknown.body]).toEqual([
      known.statusCode,
      known.headers['content-type'],
      known.body,
    ]);
    expect(await eventsOf(setup.db)).toHaveLength(1);

    // Without delivery configured the lead is held all the same, and no buyer is told.
    const withoutQueue = await appOn(setup.db);
    const waiting = await seedRoutedLead(setup.db, { email: 'lena.ortiz@example.com', phone: '2125550123' }, []);
    expect((await stopContacting(withoutQueue, { phone: '(212) 555-0123' })).statusCode).toBe(200);
    expect(await heldOf(setup.db, waiting)).toBe('consent-revoked');
  }, 30_000);

  it('refuses bad input with 400 naming the field, and records nothing', async () => {
    const setup = await openDatabase(kind);
    const app = await appOn(setup.db, (await startBuyerEventsOn(setup, new Map())).queue);
    const waiting = await seedRoutedLead(setup.db, { email: 'maria.rivera@example.com', phone: '3105550147' }, []);
    const cases: [unknown, { field: string; keyword: string; message: string }[]][] = [
      [{ email: 'maria@' }, [{ field: 'email', keyword: 'format', message: 'Please enter a valid email' }]],
      [{ phone: '555-0147' }, [{ field: 'phone', keyword: 'format', message: 'Please enter a valid phone number' }]],
      [
        { email: 'maria.rivera@example.com', phone: 'call me' },
        [{ field: 'phone', keyword: 'format', message: 'Please enter a valid phone number' }],
      ],
      [
        {},
        [
          { field: 'email', keyword: 'required', message: 'Please enter your email address or phone number' },
          { field: 'phone', keyword: 'required', message: 'Please enter your email address or phone number' },
        ],
      ],
      [
        { email: 'maria.rivera@example.com', name: 'Maria' },
        [{ field: 'name', keyword: 'additionalProperties', message: 'This field is not expected here' }],
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await stopContacting(app, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ error: 'invalid_revocation', fields });
    }
    expect((await stopContacting(app, { email: 'maria@' })).json().message).toBe(
      'The revocation has 1 invalid field: email',
    );
    expect((await stopContacting(app, 'maria.rivera@example.com')).json()).toEqual({
      error: 'invalid_revocation',
      message: 'The request must be a JSON object',
      fields: [],
    });
    expect(await heldOf(setup.db, waiting)).toBeNull();
    expect(await audited(setup.db)).toEqual([]);
  }, 30_000);

  it('refuses a request without the cross-site token with 403, and records nothing', async () => {
    const setup = await openDatabase(kind);
    const app = await appOn(setup.db, (await startBuyerEventsOn(setup, new Map())).queue);
    const waiting = await seedRoutedLead(setup.db, { email: 'maria.rivera@example.com', phone: '3105550147' }, []);
    const { cookie } = xsrfHeaders();
    const withoutToken: Record<string, string>[] = [{}, { cookie: cookie! }];
    for (const headers of withoutToken) {
      const response = await stopContacting(app, { email: 'maria.rivera@example.com' }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'xsrf_token_invalid' });
    }
    expect(await heldOf(setup.db, waiting)).toBeNull();
    expect(await audited(setup.db)).toEqual([]);
  }, 30_000);
});
