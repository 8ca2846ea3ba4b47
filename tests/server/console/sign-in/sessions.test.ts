/**
 * Console sessions end on their own, on PGlite and (with DATABASE_URL) PostgreSQL: after 8 hours without a request
 * and 7 days after sign-in however busy; an ended session's row is gone. The clock is the app's `now`.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_PATH } from '../../../../contracts/console.ts';
import { tokenDigest } from '../../../../server/console/sign-in/session-token.ts';
import type { Queryable } from '../../../../server/platform/db/types.ts';
import {
  call,
  consoleApp,
  sessionCookieOf,
  signIn,
  testClock,
  userWithPassword,
} from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES } from '../../../support/server-harness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function sessionRow(db: Queryable, cookie: string) {
  const token = cookie.split('=')[1]!;
  const { rows } = await db.query<{ created_at: Date; last_seen_at: Date }>(
    'select created_at, last_seen_at from console_sessions where token_sha256 = $1',
    [tokenDigest(token)],
  );
  return rows[0];
}

describe.each(DATABASES)('console sessions on $name', { timeout: 20_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  async function signedIn() {
    const clock = testClock();
    const app = await consoleApp(suite.db, { clock });
    const user = await userWithPassword(suite.db, 'operator');
    const cookie = sessionCookieOf(await signIn(app, user.email));
    const session = () => call(app, { method: 'GET', url: SESSION_PATH, cookie });
    return { clock, cookie, session };
  }

  it('ends after 8 hours without a request, and not before', async () => {
    const { clock, cookie, session } = await signedIn();
    clock.advance(8 * HOUR - MINUTE);
    expect((await session()).statusCode).toBe(200);

    clock.advance(8 * HOUR);
    expect((await session()).statusCode).toBe(401);
    expect(await sessionRow(suite.db, cookie)).toBeUndefined();
  });

  it('ends 7 days after sign-in even when used all along', async () => {
    const { clock, cookie, session } = await signedIn();
    for (let hours = 6; hours < 7 * 24; hours += 6) {
      clock.advance(6 * HOUR);
      expect((await session()).statusCode, `after ${hours} hours`).toBe(200);
    }
    clock.advance(6 * HOUR);
    expect((await session()).statusCode).toBe(401);
    expect(await sessionRow(suite.db, cookie)).toBeUndefined();
  });

  it('notes a request at most once a minute', async () => {
    const { clock, cookie, session } = await signedIn();
    const signedInAt = clock.at;
    clock.advance(30_000);
    await session();
    expect((await sessionRow(suite.db, cookie))?.last_seen_at.getTime()).toBe(signedInAt);

    clock.advance(40_000);
    await session();
    expect((await sessionRow(suite.db, cookie))?.last_seen_at.getTime()).toBe(signedInAt + 70_000);
  });

  it('does not take a cookie that is not a session token of ours', async () => {
    const { session } = await signedIn();
    expect((await session()).statusCode).toBe(200);
    const app = await consoleApp(suite.db);
    for (const cookie of ['fundflow_console=', 'fundflow_console=abc', `fundflow_console=${'A'.repeat(43)}`]) {
      expect((await call(app, { method: 'GET', url: SESSION_PATH, cookie })).statusCode, cookie).toBe(401);
    }
  });
});
