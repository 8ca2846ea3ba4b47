/**
 * The funnel by language: visits posted in Spanish (the page's `<html lang="es">`) and in English, each counted under
 * its language, the languages summed without a filter, the same after a rebuild, and a visit's language its first
 * batch's.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '../../../contracts/api-paths.ts';
import { EVENTS_PATH, FUNNEL_PATH, type EventBatch, type FunnelResponse } from '../../../contracts/funnel.ts';
import { readFlowSteps } from '../../../server/funnel/flow-steps.ts';
import { rebuildRollups } from '../../../server/funnel/visit-rollups.ts';
import { FLOWS_DIR } from '../../../server/platform/paths.ts';
import { call, testClock } from '../../support/console-app.ts';
import { consoleUserWithSession } from '../../support/console-users.ts';
import { leadAppForSuite } from '../../support/lead-app.ts';
import {
  batchesOf,
  expectedFunnel,
  scriptedVisit,
  through,
  type ScriptedVisit,
} from '../../support/scripted-visits.ts';
import { DATABASES, TEST_XSRF_TOKEN } from '../../support/server-harness.ts';

const V1 = readFlowSteps(FLOWS_DIR).get('v1')!;
const START = ['start', 'amount', 'loan-purpose'];

const spanish = [
  scriptedVisit('v1', through(START, 4, { step: 'loan-timing', seconds: 6, then: 'leave' })),
  scriptedVisit('v1', through(START.slice(0, 1), 3, { step: 'amount', seconds: 8, then: 'leave' })),
];
const english = [scriptedVisit('v1', through(START, 5, { step: 'loan-timing', seconds: 2, then: 'leave' }))];
/** Begun in English, then on the Spanish pages in the same tab: an English visit. */
const switched = scriptedVisit('v1', through(START, 5, { step: 'loan-timing', seconds: 7, then: 'leave' }));

describe.each(DATABASES)('the funnel by language on $name', { timeout: 60_000 }, (kind) => {
  const clock = testClock(Date.parse('2026-11-20T16:00:00Z'));
  const suite = leadAppForSuite(kind.open, { now: clock.now });
  let marketer: string;

  async function post(app: FastifyInstance, batch: EventBatch) {
    const response = await app.inject({
      method: 'POST',
      url: EVENTS_PATH,
      headers: { cookie: `${XSRF_COOKIE}=${TEST_XSRF_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify(batch),
    });
    expect(response.statusCode, response.body).toBe(204);
  }

  const inLanguage = (visit: ScriptedVisit, language: string | undefined, size?: number) =>
    batchesOf(visit, TEST_XSRF_TOKEN, size).map((batch) => (language === undefined ? batch : { ...batch, language }));

  async function funnelOf(query: string) {
    const response = await call(suite.app, { method: 'GET', url: `${FUNNEL_PATH}?${query}`, cookie: marketer });
    return { status: response.statusCode, body: response.json<FunnelResponse>() };
  }

  beforeAll(async () => {
    marketer = (await consoleUserWithSession(suite.database.db, 'marketer')).cookie;
    for (const visit of spanish) for (const batch of inLanguage(visit, 'es')) await post(suite.app, batch);
    // A page from before languages sends none: English.
    for (const visit of english) for (const batch of inLanguage(visit, undefined)) await post(suite.app, batch);
    const [first, ...rest] = [...inLanguage(switched, 'en', 3)];
    await post(suite.app, first!);
    for (const batch of rest) await post(suite.app, { ...batch, language: 'es' });
    await funnelOf('version=v1');
  }, 60_000);

  it('counts the Spanish visits under es and the English ones under en, exactly', async () => {
    expect((await funnelOf('version=v1&language=es')).body).toEqual(expectedFunnel(spanish, 'v1', V1));
    expect((await funnelOf('version=v1&language=en')).body).toEqual(expectedFunnel([...english, switched], 'v1', V1));
  });

  it('sums every language without the filter, and keeps the other filters working with it', async () => {
    expect((await funnelOf('version=v1')).body).toEqual(expectedFunnel([...spanish, ...english, switched], 'v1', V1));
    expect((await funnelOf('version=v1&language=es&device=phone&from=2026-11-20')).body).toEqual(
      expectedFunnel(spanish, 'v1', V1, { from: '2026-11-20', to: null }),
    );
    expect((await funnelOf('version=v1&language=fr')).body.visitors).toBe(0);
  });

  it('gives the same numbers by language after the rollups are rebuilt', async () => {
    const queries = ['version=v1', 'version=v1&language=es', 'version=v1&language=en'];
    const kept = await Promise.all(queries.map(funnelOf));
    await rebuildRollups(suite.database.db);
    expect(await Promise.all(queries.map(funnelOf))).toEqual(kept);
  });

  it('refuses a language that is not a code, naming it', async () => {
    for (const language of ['Spanish', 'ES', 'es-US']) {
      const response = await funnelOf(`version=v1&language=${language}`);
      expect(response.status).toBe(400);
      expect((response.body as unknown as { fields: { field: string }[] }).fields).toEqual([
        expect.objectContaining({ field: 'language' }),
      ]);
    }
  });

  it('refuses a batch whose language is not a code, naming it', async () => {
    const [batch] = inLanguage(english[0]!, 'Español');
    const response = await suite.app.inject({
      method: 'POST',
      url: EVENTS_PATH,
      headers: { cookie: `${XSRF_COOKIE}=${TEST_XSRF_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify(batch),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('language');
  });
});
