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

/**
 * Fields of a database error that quote the row or the values a statement held: PostgreSQL's DETAIL ("Failing row
 * contains (…)", "Key (email)=(…) already exists"), its WHERE context and the internal query. A lead's or a user's
 * data must not reach the log through a failed insert.
 */
const VALUE_FIELDS = new Set(['detail', 'where', 'internalQuery', 'query', 'params', 'parameters']);

interface ErrorSummary {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as the log records it: its type, message, stack and the fields that name things, never the values. */
export function errorSummary(error: Error): ErrorSummary {
  const summary: ErrorSummary = { type: error.constructor.name, message: error.message, stack: error.stack ?? '' };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || value === undefined || key === 'cause') continue;
    summary[key] = typeof value === 'object' && value !== null ? '[object]' : value;
  }
  if (error.cause instanceof Error) summary.cause = errorSummary(error.cause);
  return summary;
}

/** Fastify's logger option with the request and error summaries above, whoever configures the logger. */
export function withPrivateRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === null || typeof logger !== 'object') return logger;
  return { ...logger, serializers: { ...logger.serializers, req: requestSummary, err: errorSummary } };
}
