/**
 * The limits through the app, with requests sent truly at once: exactly the limit passes, on the embedded database
 * (one server, counting in memory) and on PostgreSQL (counting in the database); on PostgreSQL two servers on one
 * database hold one limit between them, not one each, and a database that cannot count leaves each server counting
 * alone rather than failing requests.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareLeadDatabase, startLeadApp } from '../../../../support/lead-app.ts';
import { DATABASES, type TestDatabase } from '../../../../support/server-harness.ts';

/** 2026-11-22 09:00:15 UTC: 45 s before the minute ends. */
const MORNING = Date.UTC(2026, 10, 22, 9, 0, 15);
const PER_VISIT = { RATE_LIMIT_PHONE_PER_SESSION: '5', RATE_LIMIT_PHONE_PER_IP: '0' };
let address = 0;
/** A visit, with an address, of its own for each test, so no test sees another's counts. */
const nextVisit = () => ({ token: randomBytes(32).toString('base64url'), from: `198.51.100.${++address}` });

function checkPhone(app: FastifyInstance, visit: { token: string; from: string }) {
  return app.inject({
    url: '/api/v1/phone/validate?phone=2125550123',
    headers: { cookie: `XSRF-TOKEN=${visit.token}` },
    remoteAddress: visit.from,
  });
}

const statuses = async (answers: Promise<{ statusCode: number }>[]) =>
  (await Promise.all(answers)).map((answer) => answer.statusCode);
const count = (codes: number[], code: number) => codes.filter((status) => status === code).length;

describe.each(DATABASES)('rate limits on $name', ({ name, open }) => {
  let database: TestDatabase;
  let servers: FastifyInstance[];

  beforeAll(async () => {
    database = await open();
    await prepareLeadDatabase(database.db);
    // Two servers on one database; on the embedded database only the first is used, as there is only ever one.
    servers = [
      await startLeadApp(database.db, { env: PER_VISIT, now: () => MORNING }),
      await startLeadApp(database.db, { env: PER_VISIT, now: () => MORNING }),
    ];
  }, 60_000);

  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    await database?.cleanup();
  });

  it('let exactly the limit through when a visit sends 30 phone checks at once', async () => {
    const visit = nextVisit();
    const codes = await statuses(Array.from({ length: 30 }, () => checkPhone(servers[0]!, visit)));
    expect(count(codes, 200)).toBe(5);
    expect(count(codes, 429)).toBe(25);
  });

  it.skipIf(name === 'PGlite')(
    'refuse requests alternating between two servers after the limit, not twice it',
    async () => {
      const visit = nextVisit();
      const codes: number[] = [];
      for (let n = 0; n < 10; n++) codes.push((await checkPhone(servers[n % 2]!, visit)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    },
  );

  it.skipIf(name === 'PGlite')(
    'let exactly the limit through when 30 checks arrive at once, spread over two servers',
    async () => {
      const visit = nextVisit();
      const codes = await statuses(Array.from({ length: 30 }, (_, n) => checkPhone(servers[n % 2]!, visit)));
      expect(count(codes, 200)).toBe(5);
      const refused = await checkPhone(servers[1]!, visit);
      expect(refused.headers['retry-after']).toBe('45');
    },
  );
});

const postgres = DATABASES.find((kind) => kind.name === 'PostgreSQL');

describe.skipIf(postgres === undefined)('rate limits when PostgreSQL cannot count', () => {
  let database: TestDatabase;
  let server: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    database = await postgres!.open();
    await prepareLeadDatabase(database.db);
    const logger = { level: 'warn', stream: { write: (line: string) => logged.push(line) } };
    server = await startLeadApp(database.db, { env: PER_VISIT, now: () => MORNING, logger });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await database?.cleanup();
  });

  it('answer every request, counted by the server alone, and warn once without the visit or the address', async () => {
    await database.db.exec('alter table rate_limit_counts rename to rate_limit_counts_away');
    const visit = nextVisit();
    const codes = await statuses(Array.from({ length: 8 }, () => checkPhone(server, visit)));
    expect(codes.sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const warnings = logged.filter((line) => line.includes('rate limits counted by this server alone'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain(visit.token);
    expect(warnings[0]).not.toContain(visit.from);
  });
});
