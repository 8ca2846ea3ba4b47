/**
 * POST /api/admin/leads/:id/consent-revocation on PGlite and (with DATABASE_URL) PostgreSQL: admins and operators
 * only, behind the XSRF check, audited; a lead not yet delivered is held 'consent-revoked' (and cannot be released),
 * and lead.revoked is queued on pg-boss to every buyer that received the lead.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { consentRevocationPath, LEADS_PATH, type LeadActionResponse } from '../../../../contracts/console.ts';
import type { Database } from '../../../../server/platform/db/types.ts';
import type { BuyerEventQueue } from '../../../../server/buyers/events/buyer-events.ts';
import { eventsOf, queuedEventIds, seedRoutedLead, startBuyerEventsOn } from '../../../support/buyer-events-setup.ts';
import { consoleUserWithSession } from '../../../support/console-users.ts';
import { openDatabase } from '../../../support/delivery-setup.ts';
import { startLeadApp } from '../../../support/lead-app.ts';
import { DATABASES, xsrfHeaders } from '../../../support/server-harness.ts';

const MARIA = { email: 'maria.rivera@example.com', phone: '3105550147' };

/** The app with the table queue and a replay that finds nothing, so the lead actions answer too. */
async function appOn(db: Database, buyerEvents?: BuyerEventQueue): Promise<FastifyInstance> {
  const deliveryControl = { redeliver: async () => 'not dead-lettered' as const };
  const app = await startLeadApp(db, buyerEvents === undefined ? {} : { buyerEvents, deliveryControl });
  onTestFinished(() => app.close());
  return app;
}

function revoke(app: FastifyInstance, leadId: string, cookie?: string, xsrf = true) {
  const headers: Record<string, string> = xsrf ? xsrfHeaders() : {};
  const cookies = [headers.cookie, cookie].filter((part) => part !== undefined).join('; ');
  return app.inject({
    method: 'POST',
    url: consentRevocationPath(leadId),
    headers: { ...headers, ...(cookies === '' ? {} : { cookie: cookies }) },
  });
}

async function heldOf(db: Database, leadId: string): Promise<string | null> {
  const { rows } = await db.query<{ held: string | null }>('select held from leads where id = $1', [leadId]);
  return rows[0]!.held;
}

async function audited(db: Database) {
  const { rows } = await db.query<{ actor: string; action: string; target: string }>(
    'select actor, action, target from console_audit order by id',
  );
  return rows;
}

describe.each(DATABASES)('the console’s consent revocation on $name', (kind) => {
  it('holds a lead not yet delivered, for good, and audits who did it', async () => {
    const setup = await openDatabase(kind);
    const { queue } = await startBuyerEventsOn(setup, new Map());
    const app = await appOn(setup.db, queue);
    const operator = await consoleUserWithSession(setup.db, 'operator');
    const leadId = await seedRoutedLead(setup.db, MARIA, [{ buyerId: 'vantorra', state: 'sending' }]);

    const response = await revoke(app, leadId, operator.cookie);

    expect(response.statusCode).toBe(200);
    expect(response.json<LeadActionResponse>()).toEqual({ result: 'held', status: 'held' });
    expect(await heldOf(setup.db, leadId)).toBe('consent-revoked');
    expect(await eventsOf(setup.db)).toEqual([]);
    expect(await audited(setup.db)).toEqual([{ actor: operator.email, action: 'consent-revocation', target: leadId }]);
    // Recorded twice (an operator unsure the first click worked): the same hold, nothing new.
    const again = await revoke(app, leadId, operator.cookie);
    expect(again.json<LeadActionResponse>()).toEqual({ result: 'held already (consent-revoked)', status: 'held' });
    const xsrf = xsrfHeaders();
    const release = await app.inject({
      method: 'POST',
      url: `${LEADS_PATH}/${leadId}/release`,
      headers: { ...xsrf, cookie: `${xsrf.cookie}; ${operator.cookie}` },
    });
    expect(release.json<LeadActionResponse>()).toEqual({
      result: 'held (consent-revoked): it may not be released',
      status: 'held',
    });
    expect(await heldOf(setup.db, leadId)).toBe('consent-revoked');
  });

  it('queues lead.revoked to every buyer that received the lead', async () => {
    const setup = await openDatabase(kind);
    const { queue } = await startBuyerEventsOn(setup, new Map());
    const app = await appOn(setup.db, queue);
    const admin = await consoleUserWithSession(setup.db, 'admin');
    const leadId = await seedRoutedLead(setup.db, MARIA, [
      { buyerId: 'refusing', state: 'refused' },
      { buyerId: 'vantorra', state: 'delivered' },
    ]);

    const response = await revoke(app, leadId, admin.cookie);

    expect(response.statusCode).toBe(200);
    expect(response.json<LeadActionResponse>()).toEqual({
      result: 'lead.revoked queued to 1 buyer',
      status: 'delivered',
    });
    // Delivered already: nothing to hold back.
    expect(await heldOf(setup.db, leadId)).toBeNull();
    const events = await eventsOf(setup.db);
    expect(events).toMatchObject([
      { lead_id: leadId, buyer_id: 'vantorra', type: 'lead.revoked', cause: 'consent-revoked' },
    ]);
    expect(await queuedEventIds(setup)).toEqual([events[0]!.id]);

    const again = await revoke(app, leadId, admin.cookie);
    expect(again.json<LeadActionResponse>()).toEqual({ result: 'nothing more to do', status: 'delivered' });
    expect(await queuedEventIds(setup)).toHaveLength(1);
    expect((await audited(setup.db)).map((row) => row.action)).toEqual(['consent-revocation', 'consent-revocation']);
  });

  it('answers 401 signed out, 403 to a marketer and without the XSRF header, 404 for no such lead', async () => {
    const setup = await openDatabase(kind);
    const { queue } = await startBuyerEventsOn(setup, new Map());
    const app = await appOn(setup.db, queue);
    const operator = await consoleUserWithSession(setup.db, 'operator');
    const marketer = await consoleUserWithSession(setup.db, 'marketer');
    const leadId = await seedRoutedLead(setup.db, MARIA, [{ buyerId: 'vantorra', state: 'delivered' }]);

    expect((await revoke(app, leadId)).statusCode).toBe(401);
    const forbidden = await revoke(app, leadId, marketer.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: 'forbidden' });
    const forged = await revoke(app, leadId, operator.cookie, false);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: 'xsrf_token_invalid' });
    const unknown = await revoke(app, randomUUID(), operator.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'No lead has this id' });
    const badId = await revoke(app, 'not-a-lead', operator.cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ fields: [{ field: 'id' }] });

    // None of them held the lead, queued an event or wrote an audit row.
    expect(await eventsOf(setup.db)).toEqual([]);
    expect(await audited(setup.db)).toEqual([]);
  });

  it('keeps a visitor’s own opt-out hold, and answers 503 where delivery is not configured', async () => {
    const setup = await openDatabase(kind);
    const { queue } = await startBuyerEventsOn(setup, new Map());
    const app = await appOn(setup.db, queue);
    const operator = await consoleUserWithSession(setup.db, 'operator');
    const leadId = await seedRoutedLead(setup.db, MARIA, []);
    await setup.db.query(`update leads set held = 'opted-out' where id = $1`, [leadId]);

    const response = await revoke(app, leadId, operator.cookie);
    expect(response.json<LeadActionResponse>()).toEqual({ result: 'held already (opted-out)', status: 'held' });
    expect(await heldOf(setup.db, leadId)).toBe('opted-out');

    const withoutDelivery = await appOn(setup.db);
    const refused = await revoke(withoutDelivery, leadId, operator.cookie);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'no_delivery' });
  });
});
