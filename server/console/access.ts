/**
 * Who may call a console route. The session hook (server/console/sign-in/sessions.ts) puts the signed-in user on the request;
 * each route names the roles it admits: anyone signed out gets 401, a signed-in user of another role 403. A session
 * that must first give its sign-in's code or set up a second factor gets 403 with an error of its own from every
 * route but those that name that step (docs/decisions/065-console-second-factor.md).
 */
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ConsoleUser, Role, SecondFactorStep } from '../../contracts/console.ts';
import { CODE_REQUIRED, SET_UP_REQUIRED } from '../../contracts/console-second-factor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The console user whose session cookie came with the request, once the session hook has run. */
    consoleUser?: ConsoleUser;
    /** That session: its token's digest, and what it must do about the second factor first (null: nothing). */
    consoleSession?: { digest: string; pending: SecondFactorStep | null };
  }
}

export const NOT_SIGNED_IN = { error: 'not_signed_in', message: 'Sign in to the console first' } as const;
const NOT_ALLOWED = { error: 'forbidden', message: 'Your role may not use this' } as const;
const STEP_FIRST: Record<SecondFactorStep, { error: string; message: string }> = {
  code: { error: CODE_REQUIRED, message: 'Enter the authentication code from your app to finish signing in' },
  'set-up': {
    error: SET_UP_REQUIRED,
    message: 'Set up a second factor first: admins sign in with a code from an authenticator app',
  },
};

/** The preHandler of a route for `roles`; `steps`: the second-factor steps a session may be in to use it. */
export function allow(roles: readonly Role[], steps: readonly SecondFactorStep[] = []): preHandlerHookHandler {
  return function admit(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const user = request.consoleUser;
    if (user === undefined) return void reply.code(401).send(NOT_SIGNED_IN);
    const pending = request.consoleSession?.pending ?? null;
    if (pending !== null && !steps.includes(pending)) return void reply.code(403).send(STEP_FIRST[pending]);
    if (!roles.includes(user.role)) return void reply.code(403).send(NOT_ALLOWED);
    done();
  };
}

/** The signed-in user of a route behind `allow`. */
export function signedIn(request: FastifyRequest): ConsoleUser {
  const user = request.consoleUser;
  if (user === undefined) throw new Error('a console route ran without its access check');
  return user;
}
