/** The server's logs carry no personal data: no names, email, phone numbers or visitor IP addresses. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validLead } from '../../../support/lead-fixture.ts';
import { openTestPglite, xsrfHeaders, type TestDatabase } from '../../../support/server-harness.ts';
import { failingQueue, prepareLeadDatabase, startLeadApp } from '../../../support/lead-app.ts';
import { recordAudit } from '../../../../server/console/audit/audit.ts';
import { prettyLines } from '../../../../server/platform/logging/log-output.ts';

const VISITOR_IP = '198.51.100.23';
const PERSONAL = [
  'Maria',
  'Rivera',
  'maria.rivera@example.com',
  'maria@rivera-bakery.example',
  '3105550147',
  '9500 Wilshire',
  VISITOR_IP,
  // the client_ip the page reported
  '203.0.113.7',
];

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestPglite();
  await prepareLeadDatabase(database.db);
}, 60_000);

afterAll(async () => {
  await database?.cleanup();
});

// The serializers run before either format: a terminal's pretty lines hold no more than the JSON ones.
describe.each(['json', 'pretty'] as const)('logs written as %s', (format) => {
  let lines: string[];
  let app: FastifyInstance;
  let broken: FastifyInstance;

  beforeAll(async () => {
    lines = [];
    const collected = { write: (line: string) => void lines.push(line) };
    const logger = { level: 'trace', stream: format === 'json' ? collected : prettyLines(collected, true) };
    app = await startLeadApp(database.db, { logger });
    broken = await startLeadApp(database.db, { logger, delivery: failingQueue });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await broken?.close();
  });

  it('leave ZIP lookups out (one per ZIP typed), and keep the lines of other requests', async () => {
    lines.length = 0;
    expect((await app.inject('/api/v1/zipcode/validate?zipcode=90210')).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/lead/check_valid_zipcode',
          payload: { zipcode: '90210' },
          headers: xsrfHeaders(),
        })
      ).statusCode,
    ).toBe(200);
    expect(lines.join('')).not.toContain('zipcode');
    expect((await app.inject('/api/v1/health')).statusCode).toBe(200);
    expect(lines.join('')).toContain('/api/v1/health');
  });

  it('of accepted, refused and failed leads and of phone checks hold nothing personal', async () => {
    const send = (target: FastifyInstance, lead: Record<string, unknown>) =>
      target.inject({
        method: 'POST',
        url: '/api/v1/leads/trigger',
        payload: lead,
        headers: xsrfHeaders(),
        remoteAddress: VISITOR_IP,
      });
    expect((await send(app, validLead())).statusCode).toBe(201);
    expect((await send(app, validLead({ email: 'maria.rivera@example', amount: '3105550147' }))).statusCode).toBe(400);
    // Another email: a repeat of the first lead would be held back, and never reach the broken queue.
    expect((await send(broken, validLead({ email: 'maria@rivera-bakery.example' }))).statusCode).toBe(500);
    const phone = await app.inject({ url: '/api/v1/phone/validate?phone=3105550147', remoteAddress: VISITOR_IP });
    expect(phone.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('lead stored');
    expect(log).toContain('lead refused');
    expect(log).toContain('/api/v1/phone/validate');
    for (const value of PERSONAL) expect(log).not.toContain(value);
  });

  it('of a failed database write name the column, never the row it held', async () => {
    lines.length = 0;
    const failed = await database.db
      .query("insert into console_audit (actor, action, ip) values ('maria.rivera@example.com', 'sign-in', null)")
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).toMatchObject({ detail: expect.stringContaining('maria.rivera@example.com') });
    app.log.error({ err: failed }, 'request failed');

    const log = lines.join('');
    expect(log).toContain('violates not-null constraint');
    expect(log).not.toContain('maria.rivera@example.com');
  });
});

describe('an audit entry whose connection closed before it was written', () => {
  it('is kept, its address recorded as unknown', async () => {
    await recordAudit(database.db, { actor: 'admin@example.com', action: 'sign-in', ip: undefined });
    const { rows } = await database.db.query<{ ip: string }>(
      "select ip from console_audit where actor = 'admin@example.com' order by id desc limit 1",
    );
    expect(rows).toEqual([{ ip: 'unknown' }]);
  });
});
