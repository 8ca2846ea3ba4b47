/**
 * The second factor's routes (docs/decisions/065-console-second-factor.md): the code that completes a sign-in, setting
 * one up (a secret, confirmed by a code, then ten recovery codes), removing one's own where it is not required, and an
 * admin's reset of another user's (a lost device). Everything goes to the audit log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { ACCESS, USERS_PATH, userResponse } from '../../../contracts/console.ts';
import {
  CODE_ATTEMPTS,
  codeBody,
  confirmResponse,
  SECOND_FACTOR_CONFIRM_PATH,
  SECOND_FACTOR_REMOVAL_PATH,
  SECOND_FACTOR_RESET,
  SECOND_FACTOR_SETUP_PATH,
  setupResponse,
  SIGN_IN_CODE_PATH,
  signInCodeResponse,
  type CodeBody,
} from '../../../contracts/console-second-factor.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { normalEmail } from '../../../contracts/accounts.ts';
import type { SecondFactorMode } from '../../platform/config/parsers.ts';
import type { Database } from '../../platform/db/types.ts';
import { ClientError } from '../../platform/http/errors.ts';
import { fieldErrors, invalidFields } from '../../platform/http/field-errors.ts';
import { addressKey } from '../../platform/http/rate-limit/client-address.ts';
import { allow, NOT_SIGNED_IN, signedIn } from '../access.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { CONSOLE_BODY_LIMIT } from '../request-limits.ts';
import {
  clearedSessionCookie,
  codeFailed,
  completeSession,
  endSessionsOf,
  sessionCookie,
} from '../sign-in/sessions.ts';
import { answerLocked } from '../sign-in/locked-answer.ts';
import { signInSucceeded, takeSignInAttempt } from '../sign-in/sign-in-attempts.ts';
import { findUser, recordSignIn } from '../users/users.ts';
import { noSuchUser, userIdParams } from '../users/user-params.ts';
import { secondFactorRequired } from './pending-step.ts';
import { beginSetUp, confirmSetUp, removeSecondFactor, secondFactorOf, useCode } from './second-factors.ts';
import { sessionAnswer } from './session-answer.ts';
import { otpauthUri } from './totp.ts';

const errors = { '4xx': errorResponse } as const;

/** A 400 for a code that is not the one wanted, naming the field as every refusal of input does. */
function wrongCode(reply: FastifyReply, message: string) {
  return reply.code(400).send(invalidFields('The code', [{ field: 'code', keyword: 'code', message }]));
}

function digestOf(request: FastifyRequest): string {
  const session = request.consoleSession;
  if (session === undefined) throw new Error('a console route ran without its access check');
  return session.digest;
}

export function registerSecondFactorRoutes(
  app: FastifyInstance,
  db: Database,
  now: () => number,
  mode: SecondFactorMode,
): void {
  app.post<{ Body: CodeBody }>(
    SIGN_IN_CODE_PATH,
    {
      onRequest: allow(ACCESS.session, ['code']),
      schema: { body: codeBody, response: { 200: signInCodeResponse, ...errors } },
      schemaErrorFormatter: fieldErrors('The code'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request, reply) => {
      const user = signedIn(request);
      if (request.consoleSession?.pending !== 'code') {
        throw new ClientError(409, 'no_code_needed', 'This session is signed in already: no code is needed');
      }
      const at = now();
      const digest = digestOf(request);
      const keys = { account: normalEmail(user.email), address: addressKey(request.ip) };
      // A code is checked as a password is: it takes a sign-in attempt first, so the lockout bounds the guesses of
      // whoever knows the password, over every sign-in they start.
      const attempt = await takeSignInAttempt(db, keys, at);
      if (!attempt.taken) return answerLocked(db, request, reply, keys.account, attempt, at);
      const used = await useCode(db, user.id, request.body.code, at);
      if (used === undefined) {
        await recordAudit(db, auditOf(request, 'second-factor-failed'));
        if (await codeFailed(db, digest, CODE_ATTEMPTS)) {
          return reply.code(401).send({
            error: 'code_wrong',
            message: 'The code is wrong or was used already: enter the code your app shows now, or a recovery code',
          });
        }
        reply.header('set-cookie', clearedSessionCookie(request));
        return reply.code(401).send({
          error: 'code_attempts_spent',
          message: `${CODE_ATTEMPTS} wrong codes: sign in again with your password`,
        });
      }
      const token = await completeSession(db, digest, new Date(at));
      if (token === undefined) {
        return reply.code(401).send(NOT_SIGNED_IN);
      }
      await recordSignIn(db, user.id, new Date(at));
      // Right at last: the attempts of the password and of this code are given back (the wrong codes' stay counted).
      await signInSucceeded(db, keys, at);
      await signInSucceeded(db, keys, at);
      if (used === 'recovery') await recordAudit(db, auditOf(request, 'recovery-code-used'));
      await recordAudit(db, auditOf(request, 'sign-in'));
      reply.header('set-cookie', sessionCookie(request, token));
      return { ...(await sessionAnswer(db, user, null, mode)), used_recovery_code: used === 'recovery' };
    },
  );

  app.post(
    SECOND_FACTOR_SETUP_PATH,
    { onRequest: allow(ACCESS.session, ['set-up']), schema: { response: { 200: setupResponse, ...errors } } },
    async (request) => {
      const user = signedIn(request);
      const secret = await beginSetUp(db, user.id);
      const uri = otpauthUri(user.email, secret);
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 2 });
      return { uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret };
    },
  );

  app.post<{ Body: CodeBody }>(
    SECOND_FACTOR_CONFIRM_PATH,
    {
      onRequest: allow(ACCESS.session, ['set-up']),
      schema: { body: codeBody, response: { 200: confirmResponse, ...errors } },
      schemaErrorFormatter: fieldErrors('The code'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request, reply) => {
      const user = signedIn(request);
      const confirmed = await confirmSetUp(db, user.id, request.body.code.replace(/\s/g, ''), now());
      if (confirmed === 'not-begun') {
        throw new ClientError(409, 'no_set_up', 'Start setting up a second factor first: no new secret is waiting');
      }
      if (confirmed === 'wrong-code') {
        return wrongCode(reply, 'is not the one the app shows now for this secret: try the next one');
      }
      await recordAudit(db, auditOf(request, 'second-factor-set-up', user.email));
      return { recovery_codes: confirmed.recoveryCodes };
    },
  );

  app.post<{ Body: CodeBody }>(
    SECOND_FACTOR_REMOVAL_PATH,
    {
      onRequest: allow(ACCESS.session),
      schema: { body: codeBody, response: { ...errors } },
      schemaErrorFormatter: fieldErrors('The code'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request, reply) => {
      const user = signedIn(request);
      if (secondFactorRequired(user.role, mode)) {
        throw new ClientError(
          409,
          'second_factor_required',
          'Admins must keep a second factor: set up a new one instead of removing it',
        );
      }
      if (!(await secondFactorOf(db, user.id)).enabled) {
        throw new ClientError(409, 'no_second_factor', 'You have no second factor to remove');
      }
      if ((await useCode(db, user.id, request.body.code, now())) === undefined) {
        await recordAudit(db, auditOf(request, 'second-factor-failed'));
        return wrongCode(reply, 'is wrong or was used already: enter the code your app shows now');
      }
      await removeSecondFactor(db, user.id);
      await recordAudit(db, auditOf(request, 'second-factor-removed', user.email));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    `${USERS_PATH}/:id/${SECOND_FACTOR_RESET}`,
    { onRequest: allow(ACCESS.users), schema: { params: userIdParams, response: { 200: userResponse, ...errors } } },
    async (request) => {
      const { id } = request.params;
      if (id === signedIn(request).id) {
        throw new ClientError(
          409,
          'own_account',
          'You cannot reset your own second factor: set up a new one under Your account',
        );
      }
      const reset = await db.transaction(async (tx) => {
        const user = await findUser(tx, id);
        if (user === undefined) return undefined;
        await removeSecondFactor(tx, id);
        await endSessionsOf(tx, id);
        return { ...user, second_factor: false };
      });
      if (reset === undefined) throw noSuchUser();
      await recordAudit(db, auditOf(request, 'second-factor-reset', reset.email));
      return { user: reset };
    },
  );
}
