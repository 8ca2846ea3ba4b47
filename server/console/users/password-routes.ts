/**
 * A user's own password, and reset links (docs/decisions/064-console-passwords.md).
 * - POST /api/admin/session/password `{ current_password, new_password }`, signed in, any role: the current password
 *   is checked as a sign-in is (a wrong one is a failed attempt toward the sign-in lock), the new one by the account
 *   rules and the common-password list; every session of the user ends and this browser gets a new one.
 * - GET /api/admin/password-resets/:token answers the email; POST with `{ password }` sets it, uses the link up, ends
 *   all the user's sessions and signs them in (204 and the session cookie), as an invitation does; a user with a
 *   second factor then gives its code, as after a sign-in. Signed out: the token is the credential. A
 *   token unknown, used, past its hour or of a disabled user answers 404.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ACCESS,
  changePasswordBody,
  invitationResponse,
  PASSWORD_PATH,
  PASSWORD_RESETS_PATH,
  setPasswordBody,
  type ChangePasswordBody,
} from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { normalEmail } from '../../../contracts/accounts.ts';
import { allow, signedIn } from '../access.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { CONSOLE_BODY_LIMIT } from '../request-limits.ts';
import { fieldErrors, invalidFields } from '../../platform/http/field-errors.ts';
import { ClientError } from '../../platform/http/errors.ts';
import { addressKey } from '../../platform/http/rate-limit/client-address.ts';
import type { Database } from '../../platform/db/types.ts';
import { hashPassword, passwordMatches } from '../sign-in/passwords.ts';
import { endSessionsOf, sessionCookie, signInSession, startSession } from '../sign-in/sessions.ts';
import { signInSucceeded, takeSignInAttempt } from '../sign-in/sign-in-attempts.ts';
import { answerLocked } from '../sign-in/locked-answer.ts';
import { secondFactorOf } from '../second-factor/second-factors.ts';
import { newPasswordProblem } from './new-password.ts';
import { redeemPasswordReset, resetHolder } from './password-resets.ts';
import { accountOf, recordSignIn } from './users.ts';

const tokenParams = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 64 } },
  required: ['token'],
} as const;

function noResetLink(): ClientError {
  return new ClientError(
    404,
    'not_found',
    'This password-reset link is not valid: it was used already, is older than an hour, or was mistyped. Ask an admin for a new one',
  );
}

/** 400 naming `field`, whose password `problem` says what is wrong with it. */
function passwordRefused(reply: FastifyReply, subject: string, field: string, problem: string) {
  return reply.code(400).send(invalidFields(subject, [{ field, keyword: 'password', message: problem }]));
}

export function registerConsolePasswordRoutes(app: FastifyInstance, db: Database, now: () => number): void {
  app.post<{ Body: ChangePasswordBody }>(
    PASSWORD_PATH,
    {
      onRequest: allow(ACCESS.session),
      schema: { body: changePasswordBody, response: { 204: { type: 'null' }, '4xx': errorResponse } },
      schemaErrorFormatter: fieldErrors('The password change'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { current_password: current, new_password: next } = request.body;
      const problem = await newPasswordProblem(next, user.email);
      if (problem !== undefined) return passwordRefused(reply, 'The password change', 'new_password', problem);
      const at = now();
      const keys = { account: normalEmail(user.email), address: addressKey(request.ip) };
      // The current password is guessed as a sign-in's would be: the same attempts, the same locks.
      const attempt = await takeSignInAttempt(db, keys, at);
      if (!attempt.taken) return answerLocked(db, request, reply, keys.account, attempt, at);
      const account = await accountOf(db, keys.account);
      if (account === undefined || !(await passwordMatches(account.passwordHash, current))) {
        await recordAudit(db, { ...auditOf(request, 'sign-in-failed'), target: 'password change' });
        return passwordRefused(reply, 'The password change', 'current_password', 'is not your current password');
      }
      await signInSucceeded(db, keys, at);
      const passwordHash = await hashPassword(next);
      // Whoever else holds a session of this user (a stolen cookie, a forgotten browser) is signed out; this browser
      // goes on with a session begun now.
      const token = await db.transaction(async (tx) => {
        await tx.query('update console_users set password_hash = $2 where id = $1', [user.id, passwordHash]);
        await endSessionsOf(tx, user.id);
        return startSession(tx, user.id, new Date(at));
      });
      await recordAudit(db, auditOf(request, 'password-changed', user.email));
      reply.header('set-cookie', sessionCookie(request, token));
      return reply.code(204).send();
    },
  );

  const resetPath = `${PASSWORD_RESETS_PATH}/:token`;

  app.get<{ Params: { token: string } }>(
    resetPath,
    { schema: { params: tokenParams, response: { 200: invitationResponse, '4xx': errorResponse } } },
    async (request) => {
      const holder = await resetHolder(db, request.params.token, now());
      if (holder === undefined) throw noResetLink();
      return { email: holder.email };
    },
  );

  app.post<{ Params: { token: string }; Body: { password: string } }>(
    resetPath,
    {
      schema: { params: tokenParams, body: setPasswordBody, response: { 204: { type: 'null' }, '4xx': errorResponse } },
      schemaErrorFormatter: fieldErrors('The password form'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request, reply) => {
      const { token } = request.params;
      const holder = await resetHolder(db, token, now());
      if (holder === undefined) throw noResetLink();
      const problem = await newPasswordProblem(request.body.password, holder.email);
      if (problem !== undefined) {
        const refusal = invalidFields('The password form', [
          { field: 'password', keyword: 'password', message: problem },
        ]);
        // The form has one field: the sentence speaks of the password itself.
        return reply.code(400).send({ ...refusal, message: `The password ${problem}` });
      }
      const at = now();
      if (!(await redeemPasswordReset(db, token, await hashPassword(request.body.password), at))) throw noResetLink();
      const account = await accountOf(db, normalEmail(holder.email));
      if (account === undefined) throw noResetLink();
      // The link stands in for the password alone: a user with a second factor still gives its code, as after a
      // sign-in, and the code's route records the sign-in.
      const { enabled } = await secondFactorOf(db, account.id);
      const sessionToken = await signInSession(db, request, account.id, new Date(at), { awaitingCode: enabled });
      if (!enabled) await recordSignIn(db, account.id, new Date(at));
      await recordAudit(db, {
        actor: account.email,
        action: 'password-set',
        target: `${account.email} by a reset link`,
        ip: request.ip,
      });
      reply.header('set-cookie', sessionCookie(request, sessionToken));
      // The console asks who is signed in next, as after an invitation: the session's answer is the session route's.
      return reply.code(204).send();
    },
  );
}
