/**
 * What an admin does for a user who cannot sign in (docs/decisions/063-sign-in-lockout.md, 064-console-passwords.md):
 * - POST /api/admin/users/:id/unlock lifts the account's sign-in locks: its count at every address and its
 *   ceiling (a lock of an address, over any accounts, stays);
 * - POST /api/admin/users/:id/password-reset gives a one-time link, valid an hour, for the admin to pass on (there is
 *   no mail service); the user's link before it stops working.
 * Both go to the audit log.
 */
import type { FastifyInstance } from 'fastify';
import {
  ACCESS,
  passwordResetIssuedResponse,
  passwordResetPage,
  userPasswordResetPath,
  userResponse,
  userUnlockPath,
} from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { normalEmail } from '../../../contracts/accounts.ts';
import { allow } from '../access.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { ClientError } from '../../platform/http/errors.ts';
import type { Database } from '../../platform/db/types.ts';
import { unlockAccount } from '../sign-in/sign-in-attempts.ts';
import { issuePasswordReset } from './password-resets.ts';
import { findUser } from './users.ts';
import { linkOnThisHost, noSuchUser, userIdParams } from './user-params.ts';

const errors = { '4xx': errorResponse } as const;

export function registerConsoleUserAccessRoutes(app: FastifyInstance, db: Database, now: () => number): void {
  const admins = allow(ACCESS.users);

  app.post<{ Params: { id: string } }>(
    userUnlockPath(':id'),
    { onRequest: admins, schema: { params: userIdParams, response: { 200: userResponse, ...errors } } },
    async (request) => {
      const user = await findUser(db, request.params.id);
      if (user === undefined) throw noSuchUser();
      await unlockAccount(db, normalEmail(user.email));
      await recordAudit(db, auditOf(request, 'user-unlocked', user.email));
      return { user };
    },
  );

  app.post<{ Params: { id: string } }>(
    userPasswordResetPath(':id'),
    { onRequest: admins, schema: { params: userIdParams, response: { 201: passwordResetIssuedResponse, ...errors } } },
    async (request, reply) => {
      const user = await findUser(db, request.params.id);
      if (user === undefined) throw noSuchUser();
      if (user.status === 'invited') {
        throw new ClientError(
          409,
          'no_password_yet',
          `${user.email} has not set a password yet: invite them again for a new invitation link`,
        );
      }
      if (user.status === 'disabled') {
        throw new ClientError(409, 'user_disabled', `${user.email} is disabled: enable them first`);
      }
      const { token, expiresAt } = await issuePasswordReset(db, user.id, now());
      await recordAudit(db, auditOf(request, 'password-reset-issued', user.email));
      return reply.code(201).send({
        user,
        reset_url: linkOnThisHost(request, passwordResetPage(token)),
        reset_expires_at: expiresAt.toISOString(),
      });
    },
  );
}
