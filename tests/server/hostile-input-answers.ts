/**
 * What every answer to a hostile request must be, for tests/server/hostile-input.test.ts: below 500, with nothing of
 * the server's insides (stack traces, SQL or database errors, file paths, internal error names) in its body or
 * headers, with the content type its route promises and the security headers every answer carries; and the routes
 * the app registers, read from the app itself so a new route cannot go unnoticed.
 */
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Every method and path the app answers, from Fastify's own route tree (`printRoutes`, one node a line, each line's
 * path continuing its parent's). The static files' catch-all appears as `/*`.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)(?:[└├]── )(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (match === null) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of match[3]!.split(', ')) routes.push({ method, path });
  }
  return routes;
}

/**
 * Things only the server's insides contain. The generated requests never hold them (they name no table of ours and no
 * folder of this machine), so finding one in an answer means the server let it out.
 */
const INSIDES: readonly [string, RegExp][] = [
  ['a stack trace', /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|\.(?:ts|js|mjs|cjs):\d+/],
  [
    'a database error',
    /syntax error at or near|relation "|column "|violates|duplicate key|\bERROR:|pglite|\bpg_\w+\(/i,
  ],
  ['our SQL', /\b(?:consent_evidence|delivery_attempts|test_delivery_jobs|pgboss|insert into|update leads)\b/i],
  [
    'an internal error name',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|AggregateError|ClientError|FST_[A-Z_]+|E(?:CONN|NO|ACCES)[A-Z]*)\b/,
  ],
  [
    'a file path',
    new RegExp(
      `${escapeRegExp(process.cwd())}|${escapeRegExp(tmpdir())}/|node_modules|file://|/(?:home|root|usr|opt|srv|work)/`,
    ),
  ],
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The insides found in `text`, by what they are. */
export function insidesIn(text: string): string[] {
  return INSIDES.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface Expectation {
  /** The content types this answer may have. */
  contentTypes: readonly RegExp[];
  /** What the request sent that an answer may repeat back (the path a 404 names, a field a refusal names). */
  echoes: readonly string[];
  isApi: boolean;
}

export const JSON_TYPE = /^application\/json; charset=utf-8$/;
export const HTML_TYPE = /^text\/html; charset=utf-8$/;

/** What is wrong with an answer; empty when nothing is. */
export function problemsOf(answer: Answer, expected: Expectation): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}`);
  let body = answer.body;
  for (const echo of expected.echoes) if (echo.length >= 3) body = body.split(echo).join('');
  const headerText = Object.entries(answer.headers)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n');
  for (const what of insidesIn(body)) problems.push(`${what} in the body`);
  for (const what of insidesIn(headerText)) problems.push(`${what} in the headers`);
  const type = String(answer.headers['content-type'] ?? '');
  // 304 Not Modified has no body, so no type.
  const typed = answer.statusCode !== 304 || type !== '';
  if (typed && !expected.contentTypes.some((pattern) => pattern.test(type))) problems.push(`content type "${type}"`);
  if (JSON_TYPE.test(type) && answer.statusCode >= 400 && answer.body !== '') {
    const error = parsed(answer.body);
    if (typeof error?.error !== 'string' || typeof error.message !== 'string' || error.message === '') {
      problems.push('an error answer without { error, message }');
    }
  }
  // A JSON answer is an API answer or a refusal, which may repeat what the visitor sent: no cache keeps either.
  problems.push(...headerProblems(answer, expected.isApi || JSON_TYPE.test(type)));
  return problems;
}

function parsed(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The headers every answer carries, whatever it was asked. */
function headerProblems(answer: Answer, uncached: boolean): string[] {
  const problems: string[] = [];
  const header = (name: string) => String(answer.headers[name] ?? '');
  const policy = header('content-security-policy');
  // A script or stylesheet is never a document: it carries nosniff and HSTS only (decision 038).
  const subresource = /^(?:text\/javascript|application\/javascript|text\/css)/.test(header('content-type'));
  if (!subresource) {
    if (!/frame-ancestors 'none'/.test(policy)) problems.push("no frame-ancestors 'none'");
    if (header('referrer-policy') === '') problems.push('no Referrer-Policy');
  }
  if (/unsafe-eval/.test(policy) || /script-src[^;]*'unsafe-inline'/.test(policy)) problems.push('an unsafe policy');
  if (header('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (!/^max-age=\d+/.test(header('strict-transport-security'))) problems.push('no HSTS');
  if (uncached && !/\bno-store\b/.test(header('cache-control'))) problems.push('a JSON answer without no-store');
  for (const cookie of [answer.headers['set-cookie'] ?? []].flat()) {
    if (!/; SameSite=(?:Lax|Strict)/.test(String(cookie))) problems.push('a cookie without SameSite');
  }
  return problems;
}
