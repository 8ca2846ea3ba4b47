/**
 * An invitation's link, signed out (the token is the credential): GET /api/admin/invitations/:token answers the
 * invited email, POST with `{ password }` sets the password, uses the link up and signs the user in. A token
 * unknown, used, past its 72 hours or of a disabled user answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { INVITATIONS_PATH, invitationResponse, sessionResponse, setPasswordBody } from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { recordAudit } from '../audit/audit.ts';
import { CONSOLE_BODY_LIMIT } from '../request-limits.ts';
import { fieldErrors, invalidFields } from '../../platform/http/field-errors.ts';
import { invitee, redeemInvitation } from './invitations.ts';
import { newPasswordProblem } from './new-password.ts';
import { hashPassword } from '../sign-in/passwords.ts';
import { sessionCookie, signInSession } from '../sign-in/sessions.ts';
import { accountOf, recordSignIn } from './users.ts';
import type { Database } from '../../platform/db/types.ts';
import type { SecondFactorMode } from '../../platform/config/parsers.ts';
import { pendingStep } from '../second-factor/pending-step.ts';
import { sessionAnswer } from '../second-factor/session-answer.ts';
import { ClientError } from '../../platform/http/errors.ts';

const tokenParams = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 64 } },
  required: ['token'],
} as const;

function noInvitation(): ClientError {
  return new ClientError(
    404,
    'not_found',
    'This invitation link is not valid: it was used already, is older than 72 hours, or was mistyped. Ask an admin for a new one',
  );
}

export function registerConsoleInvitationRoutes(
  app: FastifyInstance,
  db: Database,
  now: () => number,
  secondFactor: SecondFactorMode,
): void {
  const path = `${INVITATIONS_PATH}/:token`;

  app.get<{ Params: { token: string } }>(
    path,
    { schema: { params: tokenParams, response: { 200: invitationResponse, '4xx': errorResponse } } },
    async (request) => {
      const invited = await invitee(db, request.params.token, now());
      if (invited === undefined) throw noInvitation();
      return { email: invited.email };
    },
  );

  app.post<{ Params: { token: string }; Body: { password: string } }>(
    path,
    {
      schema: { params: tokenParams, body: setPasswordBody, response: { 200: sessionResponse, '4xx': errorResponse } },
      schemaErrorFormatter: fieldErrors('The password form'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request, reply) => {
      const { token } = request.params;
      const invited = await invitee(db, token, now());
      if (invited === undefined) throw noInvitation();
      const problem = await newPasswordProblem(request.body.password, invited.email);
      if (problem !== undefined) {
        const refusal = invalidFields('The password form', [
          { field: 'password', keyword: 'password', message: problem },
        ]);
        // The form has one field: the sentence speaks of the password itself.
        return reply.code(400).send({ ...refusal, message: `The password ${problem}` });
      }
      const at = now();
      if (!(await redeemInvitation(db, token, await hashPassword(request.body.password), at))) throw noInvitation();
      const account = await accountOf(db, invited.email);
      if (account === undefined) throw noInvitation();
      const sessionToken = await signInSession(db, request, account.id, new Date(at));
      await recordSignIn(db, account.id, new Date(at));
      await recordAudit(db, { actor: account.email, action: 'password-set', target: account.email, ip: request.ip });
      reply.header('set-cookie', sessionCookie(request, sessionToken));
      const user = { id: account.id, email: account.email, role: account.role };
      // A new user has no second factor: an admin where one is required sets one up before anything else.
      const pending = pendingStep({ awaitingCode: false, role: account.role, hasSecondFactor: false }, secondFactor);
      return sessionAnswer(db, user, pending, secondFactor);
    },
  );
}
