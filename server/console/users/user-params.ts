/**
 * What the routes about one console user share: the `:id` parameter, the answer for an id no user has, and the one-time
 * links an admin passes on.
 */
import type { FastifyRequest } from 'fastify';
import { ClientError } from '../../platform/http/errors.ts';

export const userIdParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 } },
  required: ['id'],
} as const;

export function noSuchUser(): ClientError {
  return new ClientError(404, 'not_found', 'There is no such user');
}

/** A link to `path` (an invitation's, a password reset's) on the host and scheme the admin reached the console by. */
export function linkOnThisHost(request: FastifyRequest, path: string): string {
  return `${request.protocol}://${request.host}${path}`;
}
