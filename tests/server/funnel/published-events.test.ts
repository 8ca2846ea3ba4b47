/**
 * The funnel's events of a version published in the flow studio: its own step ids are taken, a step it does not
 * have is refused as for the files' versions, and a version no server has published is refused.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '../../../contracts/api-paths.ts';
import { EVENTS_PATH } from '../../../contracts/funnel.ts';
import { prepareLeadDatabase, startLeadApp } from '../../support/lead-app.ts';
import { newVisitId } from '../../support/scripted-visits.ts';
import { openTestPglite, TEST_XSRF_TOKEN, type TestDatabase } from '../../support/server-harness.ts';
import { publishFromV1 } from '../page/published/published-fixture.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestPglite();
  await prepareLeadDatabase(database.db);
  await publishFromV1(database.db, 'spring', (flow) => {
    flow.steps['quick-question'] = { ...flow.steps.amount!, route: 'quick-question' };
  });
  app = await startLeadApp(database.db);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
});

function send(flowVersion: string, step: string) {
  return app.inject({
    method: 'POST',
    url: EVENTS_PATH,
    headers: { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${TEST_XSRF_TOKEN}` },
    payload: JSON.stringify({
      xsrf: TEST_XSRF_TOKEN,
      visit: newVisitId(),
      flow_version: flowVersion,
      device: 'phone',
      events: [{ type: 'view', step, at: 1_764_000_000_000 }],
    }),
  });
}

describe('events of a published version', () => {
  it('are taken for its steps, one only it has included', async () => {
    expect((await send('spring', 'start')).statusCode).toBe(204);
    expect((await send('spring', 'quick-question')).statusCode).toBe(204);
  });

  it('are refused for a step it does not have, or a version no server has published', async () => {
    const unknownStep = await send('spring', 'no-such-step');
    expect(unknownStep.statusCode).toBe(400);
    expect(unknownStep.json().fields).toEqual([
      expect.objectContaining({ field: 'events.0.step', message: 'must be a step of spring' }),
    ]);
    expect((await send('v1', 'quick-question')).statusCode).toBe(400);
    const unknownVersion = await send('never-published', 'start');
    expect(unknownVersion.statusCode).toBe(400);
    expect(unknownVersion.body).toContain('flow_version');
  });
});
