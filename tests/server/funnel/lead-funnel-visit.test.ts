/**
 * A lead carries the funnel's visit id in its optional `funnel_visit`: intake keeps it beside the lead, out of the
 * payload buyers get, and refuses one that is not a visit id, naming the field. A lead without one (spec section 7's
 * payload) is taken as before.
 */
import { describe, expect, it } from 'vitest';
import { FUNNEL_VISIT_FIELD } from '../../../contracts/lead.ts';
import { leadAppForSuite } from '../../support/lead-app.ts';
import { validLead } from '../../support/lead-fixture.ts';
import { newVisitId } from '../../support/scripted-visits.ts';
import { DATABASES, xsrfHeaders } from '../../support/server-harness.ts';

describe.each(DATABASES)("a lead's funnel visit on $name", { timeout: 60_000 }, (kind) => {
  const suite = leadAppForSuite(kind.open);

  const send = (overrides: Record<string, unknown>) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/v1/leads/trigger',
      payload: validLead(overrides),
      headers: xsrfHeaders(),
    });

  const stored = async (id: string) =>
    (
      await suite.database.db.query<{ funnel_visit: string | null; payload: Record<string, unknown> }>(
        'select funnel_visit, payload from leads where id = $1',
        [id],
      )
    ).rows[0];

  it('stores the visit id beside the lead, not in the payload buyers get', async () => {
    const visit = newVisitId();
    const response = await send({ [FUNNEL_VISIT_FIELD]: visit, email: 'with.visit@example.com' });
    expect(response.statusCode, response.body).toBe(201);
    const lead = await stored(response.json<{ id: string }>().id);
    expect(lead?.funnel_visit).toBe(visit);
    expect(lead?.payload).not.toHaveProperty(FUNNEL_VISIT_FIELD);
  });

  it('takes a lead without one', async () => {
    const response = await send({ email: 'without.visit@example.com' });
    expect(response.statusCode, response.body).toBe(201);
    expect((await stored(response.json<{ id: string }>().id))?.funnel_visit).toBeNull();
  });

  it('refuses a funnel_visit that is not a visit id, naming it', async () => {
    for (const bad of ['short', 'has spaces and more than sixteen', 42]) {
      const response = await send({ [FUNNEL_VISIT_FIELD]: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
        FUNNEL_VISIT_FIELD,
      ]);
    }
  });
});
