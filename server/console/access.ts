/**
 * Who may call a console route. The session hook (server/console/sign-in/sessions.ts) puts the signed-in user on the request;
 * each route names the roles it admits: anyone signed out gets 401, a signed-in user of another role 403.
 */
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ConsoleUser, Role } from '../../contracts/console.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The console user whose session cookie came with the request, once the session hook has run. */
    consoleUser?: ConsoleUser;
  }
}

export const NOT_SIGNED_IN = { error: 'not_signed_in', message: 'Sign in to the console first' } as const;
const NOT_ALLOWED = { error: 'forbidden', message: 'Your role may not use this' } as const;

/** The preHandler of a route for `roles`. */
export function allow(roles: readonly Role[]): preHandlerHookHandler {
  return function admit(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const user = request.consoleUser;
    if (user === undefined) return void reply.code(401).send(NOT_SIGNED_IN);
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
