/**
 * The console's sign-in: POST /api/admin/session `{ email, password }` signs in (public; with a second factor, the
 * session then awaits its code), GET answers the signed-in user and where the session stands with the second factor,
 * or 401 with whether an admin exists, DELETE signs out (the session row goes, so the cookie is dead everywhere).
 * A wrong email, a wrong password, a disabled account and an account without a password yet all get the same 401,
 * after the same argon2 check; repeated attempts lock the account at one address, the address, or the account
 * everywhere (server/console/sign-in/sign-in-attempts.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  ACCESS,
  SECOND_FACTOR_STEPS,
  SESSION_PATH,
  SIGN_IN_FAILED,
  sessionResponse,
  signedOutResponse,
  signInBody,
  type SignInBody,
} from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { allow, NOT_SIGNED_IN } from '../access.ts';
import { MAX_EMAIL_LENGTH, normalEmail, textProblem } from '../../../contracts/accounts.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { CONSOLE_BODY_LIMIT } from '../request-limits.ts';
import { fieldErrors, invalidFields } from '../../platform/http/field-errors.ts';
import { passwordMatches } from './passwords.ts';
import { clearedSessionCookie, endSession, sessionCookie, sessionTokenOf, signInSession } from './sessions.ts';
import { signInSucceeded, takeSignInAttempt } from './sign-in-attempts.ts';
import { answerLocked } from './locked-answer.ts';
import { accountOf, adminExists, recordSignIn } from '../users/users.ts';
import type { Database } from '../../platform/db/types.ts';
import type { SecondFactorMode } from '../../platform/config/parsers.ts';
import { pendingStep } from '../second-factor/pending-step.ts';
import { secondFactorOf } from '../second-factor/second-factors.ts';
import { sessionAnswer } from '../second-factor/session-answer.ts';
import { addressKey } from '../../platform/http/rate-limit/client-address.ts';

export function registerConsoleSessionRoutes(
  app: FastifyInstance,
  db: Database,
  now: () => number,
  mode: SecondFactorMode,
): void {
  app.post<{ Body: SignInBody }>(
    SESSION_PATH,
    {
      schema: { body: signInBody, response: { 200: sessionResponse, '4xx': errorResponse } },
      schemaErrorFormatter: fieldErrors('The sign-in'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request, reply) => {
      const email = normalEmail(request.body.email).slice(0, MAX_EMAIL_LENGTH);
      // Stored as typed (the failure count, the audit log): refused when the database could not hold it.
      const unstorable = textProblem(email);
      if (unstorable !== undefined) {
        return reply
          .code(400)
          .send(invalidFields('The sign-in', [{ field: 'email', keyword: 'text', message: unstorable }]));
      }
      const at = now();
      const keys = { account: email, address: addressKey(request.ip) };
      // Taken before the password is checked: however many arrive at once, a lock's limit is all that are checked.
      const attempt = await takeSignInAttempt(db, keys, at);
      if (!attempt.taken) return answerLocked(db, request, reply, email, attempt, at);
      const account = await accountOf(db, email);
      const usable = account !== undefined && !account.disabled ? account : undefined;
      // Verified even without a usable account (against a dummy hash): the answer takes as long either way.
      const matches = await passwordMatches(usable?.passwordHash ?? null, request.body.password);
      if (usable === undefined || !matches) {
        await recordAudit(db, { actor: email === '' ? null : email, action: 'sign-in-failed', ip: request.ip });
        request.log.info('console sign-in failed');
        return reply.code(401).send({ error: 'sign_in_failed', message: SIGN_IN_FAILED });
      }
      const user = { id: usable.id, email: usable.email, role: usable.role };
      // With a second factor the sign-in ends with its code (second-factor-routes.ts): until then the session can only
      // send one, and the attempt the password took stays counted.
      const { enabled } = await secondFactorOf(db, usable.id);
      const token = await signInSession(db, request, usable.id, new Date(at), { awaitingCode: enabled });
      reply.header('set-cookie', sessionCookie(request, token));
      if (enabled) return sessionAnswer(db, user, 'code', mode);
      await recordSignIn(db, usable.id, new Date(at));
      await signInSucceeded(db, keys, at);
      await recordAudit(db, { actor: usable.email, action: 'sign-in', ip: request.ip });
      const pending = pendingStep({ awaitingCode: false, role: usable.role, hasSecondFactor: false }, mode);
      return sessionAnswer(db, user, pending, mode);
    },
  );

  app.get(
    SESSION_PATH,
    { schema: { response: { 200: sessionResponse, 401: signedOutResponse } } },
    async (request, reply) => {
      const user = request.consoleUser;
      if (user !== undefined) return sessionAnswer(db, user, request.consoleSession?.pending ?? null, mode);
      return reply.code(401).send({ ...NOT_SIGNED_IN, admin_exists: await adminExists(db) });
    },
  );

  app.delete(
    SESSION_PATH,
    { onRequest: allow(ACCESS.session, SECOND_FACTOR_STEPS), schema: { response: { '4xx': errorResponse } } },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token !== undefined) await endSession(db, token);
      await recordAudit(db, auditOf(request, 'sign-out'));
      reply.header('set-cookie', clearedSessionCookie(request));
      return reply.code(204).send();
    },
  );
}
