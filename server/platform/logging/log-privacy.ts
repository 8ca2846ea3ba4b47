/**
 * What the request log says about a request: method and path only, without the one-time tokens a path may hold.
 * Fastify's default adds the visitor's IP address and the full URL, whose query can hold a phone number (GET
 * /api/v1/phone/validate?phone=...); neither belongs in logs. An invitation's or a password reset's link carries its
 * token in the path, and whoever reads the log could use it: it is logged as `:token`.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { TOKEN_PATH_PREFIXES } from '../../../contracts/console.ts';

/**
 * A path segment shaped like the server's one-time tokens (32 random bytes, base64url), wherever it appears: a link
 * mistyped in its letter case or sent to a path no route has still keeps its token out of the log.
 */
const TOKEN_SEGMENT = /(^|\/)[A-Za-z0-9_-]{43}(?=\/|$)/g;

function withoutTokens(path: string): string {
  const lower = path.toLowerCase();
  const prefix = TOKEN_PATH_PREFIXES.find((candidate) => lower.startsWith(candidate));
  const masked = prefix === undefined ? path : `${prefix}:token${path.slice(prefix.length).replace(/^[^/]*/, '')}`;
  return masked.replace(TOKEN_SEGMENT, '$1:token');
}

export function requestSummary(request: FastifyRequest): { method: string; path: string } {
  // Called for every request the log records: cut at the query without making an array of the parts.
  const query = request.url.indexOf('?');
  return { method: request.method, path: withoutTokens(query === -1 ? request.url : request.url.slice(0, query)) };
}

/** Fastify's logger option with the request summary above, whoever configures the logger. */
export function withPrivateRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === null || typeof logger !== 'object') return logger;
  return { ...logger, serializers: { ...logger.serializers, req: requestSummary } };
}
