/**
 * Leads of a version published in the flow studio: validated against that version's own schemas (a rule it changed,
 * a field it added), stored with its name as flow_version, still taken once it is retired; a version no server knows
 * is refused as before.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validLead, type LeadPayload } from '../../../support/lead-fixture.ts';
import { prepareLeadDatabase, startLeadApp } from '../../../support/lead-app.ts';
import { DATABASES, xsrfHeaders, type TestDatabase } from '../../../support/server-harness.ts';
import { publishFromV1 } from '../../page/published/published-fixture.ts';

function post(app: FastifyInstance, payload: LeadPayload) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/leads/trigger',
    payload,
    headers: { 'content-type': 'application/json', ...xsrfHeaders() },
    remoteAddress: '198.51.100.23',
  });
}

describe.each(DATABASES)('leads of a published version on $name', ({ open }) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
    await publishFromV1(database.db, 'autumn', (flow) => {
      const amount = flow.steps.amount!.schema!.properties.amount as { minimum: number };
      amount.minimum = 60_000;
      const timing = flow.steps['loan-timing']!.schema!;
      timing.properties.referral = { type: 'string', title: 'How you heard of us', maxLength: 40 };
    });
    await publishFromV1(database.db, 'retired-one');
    await database.db.query("update flow_versions set retired_at = now() where name = 'retired-one'");
    app = await startLeadApp(database.db);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('are judged by the version: a rule it changed refuses what v1 accepts, naming the field', async () => {
    const lead = validLead({ flow_version: 'autumn', amount: 50_000 });
    const response = await post(app, lead);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((field: { field: string }) => field.field)).toEqual(['amount']);
    expect((await post(app, { ...lead, flow_version: 'v1' })).statusCode).toBe(201);
  });

  it('are stored with the version as flow_version, a field it added accepted where v1 refuses it', async () => {
    const response = await post(app, validLead({ flow_version: 'autumn', amount: 75_000, referral: 'a podcast' }));
    expect(response.statusCode, response.body).toBe(201);
    const { rows } = await database.db.query<{ flow_version: string; payload: LeadPayload }>(
      'select flow_version, payload from leads where id = $1',
      [response.json().id],
    );
    expect(rows[0]?.flow_version).toBe('autumn');
    expect(rows[0]?.payload.referral).toBe('a podcast');
    const v1 = await post(app, validLead({ referral: 'a podcast' }));
    expect(v1.statusCode).toBe(400);
  });

  it('are still taken once the version is retired: nothing a visitor part way through sends is lost', async () => {
    expect((await post(app, validLead({ flow_version: 'retired-one' }))).statusCode).toBe(201);
  });

  it('naming a version no server has published are refused, naming flow_version', async () => {
    const response = await post(app, validLead({ flow_version: 'never-published' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([expect.objectContaining({ field: 'flow_version', keyword: 'enum' })]);
  });
});
