/**
 * An invitation's link is a credential for 72 hours: whoever reads the server's log, or a Referer the console's page
 * sent elsewhere, must not learn it. The log is read at its most talkative level, over an invitation used from start
 * to end, and over the same link mistyped.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { INVITATIONS_PATH, USERS_PATH } from '../../../../contracts/console.ts';
import { call, sessionCookieOf, signIn, userWithPassword } from '../../../support/console-app.ts';
import { prepareLeadDatabase, startLeadApp } from '../../../support/lead-app.ts';
import { openTestPglite, tempDir, writeBuiltSite, type TestDatabase } from '../../../support/server-harness.ts';

let database: TestDatabase;
let app: FastifyInstance;
const site = tempDir();
const lines: string[] = [];

beforeAll(async () => {
  writeBuiltSite(join(site.path, 'dist'));
  database = await openTestPglite();
  await prepareLeadDatabase(database.db);
  const logger = { level: 'trace', stream: { write: (line: string) => void lines.push(line) } };
  app = await startLeadApp(database.db, { logger, env: { STATIC_DIR: join(site.path, 'dist') } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.cleanup();
  site.remove();
});

describe('an invitation link', () => {
  it('is never written to the log, from the invitation to the password set, and its page sends no Referer', async () => {
    const admin = await userWithPassword(database.db, 'admin');
    const cookie = sessionCookieOf(await signIn(app, admin.email));
    const invited = await call(app, {
      method: 'POST',
      url: USERS_PATH,
      cookie,
      body: { email: 'new.operator@example.com', role: 'operator' },
    });
    expect(invited.statusCode).toBe(201);
    const link = new URL(invited.json().invite_url as string);
    const token = link.pathname.split('/').pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await app.inject(link.pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await app.inject(link.pathname.toUpperCase().replace(token.toUpperCase(), token))).statusCode).toBe(404);
    expect((await call(app, { method: 'GET', url: `${INVITATIONS_PATH}/${token}` })).statusCode).toBe(200);
    const set = await call(app, {
      method: 'POST',
      url: `${INVITATIONS_PATH}/${token}`,
      body: { password: 'a long and uncommon passphrase' },
    });
    expect(set.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain(`"path":"${INVITATIONS_PATH}/:token"`);
    expect(log).toContain('"path":"/admin/invite/:token"');
    expect(log).not.toContain(token);
  });
});
