/**
 * What the request log says about a request: method and path only. Fastify's default adds the visitor's IP address
 * and the full URL, whose query can hold a phone number (GET /api/v1/phone/validate?phone=...); neither belongs in
 * logs.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export function requestSummary(request: FastifyRequest): { method: string; path: string } {
  // Called for every request the log records: cut at the query without making an array of the parts.
  const query = request.url.indexOf('?');
  return { method: request.method, path: query === -1 ? request.url : request.url.slice(0, query) };
}

/** Fastify's logger option with the request summary above, whoever configures the logger. */
export function withPrivateRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === null || typeof logger !== 'object') return logger;
  return { ...logger, serializers: { ...logger.serializers, req: requestSummary } };
}
