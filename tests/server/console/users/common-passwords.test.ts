/**
 * The common-password list refuses a password that is on it as a whole (ignoring case and l33t spellings) on every
 * path that sets one: here the invitation's (the change and the reset link have theirs in their own tests).
 */
import { describe, expect, it } from 'vitest';
import { INVITATIONS_PATH, USERS_PATH } from '../../../../contracts/console.ts';
import { isCommonPassword } from '../../../../server/console/users/common-passwords.ts';
import { call, consoleApp } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { consoleUserWithSession } from '../../../support/console-users.ts';
import { DATABASES } from '../../../support/server-harness.ts';

describe('the common-password list', () => {
  it.each(['1qaz2wsx3edc', 'QWERTY123456', 'administrator', 'P@ssw0rd', 'qazwsxedcrfv'])(
    'finds %s',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['correct horse battery staple', 'a long and fine password', 'qwerty123456 and then some', 'x'.repeat(1024)])(
    'lets %s pass',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(false);
    },
  );
});

describe.each(DATABASES)('an invitation on $name', { timeout: 30_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  it('refuses a common password, saying so', async () => {
    const { db } = suite;
    const app = await consoleApp(db);
    const admin = await consoleUserWithSession(db, 'admin', `common-admin-${Date.now()}@example.com`);
    const invited = await call(app, {
      method: 'POST',
      url: USERS_PATH,
      cookie: admin.cookie,
      body: { email: `common-${Date.now()}@example.com`, role: 'marketer' },
    });
    const token = /\/admin\/invite\/([A-Za-z0-9_-]{43})$/.exec(invited.json().invite_url)![1];
    const refused = await call(app, {
      method: 'POST',
      url: `${INVITATIONS_PATH}/${token}`,
      body: { password: 'qwerty123456' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'The password is one of the most common passwords: choose another',
      fields: [{ field: 'password', message: 'is one of the most common passwords: choose another' }],
    });
  });
});
