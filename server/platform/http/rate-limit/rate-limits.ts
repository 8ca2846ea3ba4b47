/**
 * Per-address and per-visit limits on lead intake, privacy opt-outs, phone checks and funnel events
 * (docs/decisions/041-rate-limits-and-phone-costs.md): past a limit the request is answered 429 with Retry-After
 * before its body is read, and nothing is logged of who it came from. A route names the limits it takes in its config
 * (`rateLimit`), and gets an onRequest hook of its own as it is registered, so no other request pays for a check. On
 * PostgreSQL every server on the database counts together (docs/decisions/090-limits-across-servers.md).
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../../config/settings.ts';
import type { Database } from '../../db/types.ts';
import { ClientError } from '../errors.ts';
import { addressKey } from './client-address.ts';
import { databaseCounters, type CounterFactory } from './database-counter.ts';
import { processCounter, type RouteLimits, type Wait } from './limit-counter.ts';

/**
 * The limits a route takes: `leads` for what a visit sends once (a lead, an opt-out: the lead limits, each route
 * counted apart), `phone` for phone checks, `events` for the funnel's batches.
 */
export type RateLimitKind = 'leads' | 'phone' | 'events';

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitKind;
  }
}

/** The answer past a limit: the errorResponse shape, with Retry-After (the error handler sends `headers`). */
class TooManyRequests extends ClientError {
  readonly headers: Readonly<Record<string, string>>;

  constructor(seconds: number) {
    const wait = seconds === 1 ? '1 second' : `${seconds} seconds`;
    super(429, 'too_many_requests', `Too many requests: wait ${wait} before trying again`);
    this.name = 'TooManyRequests';
    this.headers = { 'retry-after': String(seconds) };
  }
}

/**
 * The visit: its XSRF-TOKEN cookie, which the page sends with every call, when this server issued it (xsrf.ts). A
 * request without one (only a GET can get this far without it), or with a value the client made up, counts as its
 * address's one visit without a cookie, so leaving the cookie out or inventing a fresh one gains nothing.
 */
function sessionKey(request: FastifyRequest): string {
  return request.visitToken ?? `no cookie from ${addressKey(request.ip)}`;
}

const refusal = (wait: Wait) => (wait === undefined ? undefined : new TooManyRequests(wait));

/** The route's hook, or undefined when both its limits are off. */
function limitHook(route: string, limits: RouteLimits, counters: CounterFactory): onRequestHookHandler | undefined {
  if (limits.perIp === 0 && limits.perSession === 0) return undefined;
  const counter = counters(route, limits);
  return (request, _reply, done) => {
    const wait = counter.count(sessionKey(request), addressKey(request.ip));
    // Counted in memory, the answer is there at once: no promise for the common case of one server.
    if (typeof wait === 'object') wait.then((counted) => done(refusal(counted)), done);
    else done(refusal(wait));
  };
}

/**
 * Must be called before the limited routes are registered: it attaches their hooks as they are. On PostgreSQL the
 * counts are in the database, shared by every server on it; the embedded database has one server, which counts in
 * its memory.
 */
export function registerRateLimits(app: FastifyInstance, config: Config, db: Database, now: () => number): void {
  const windows = {
    sessionWindowMs: config.rateLimitSessionWindowSeconds * 1000,
    ipWindowMs: config.rateLimitIpWindowSeconds * 1000,
  };
  const limits: Record<RateLimitKind, RouteLimits> = {
    // An opt-out is sent once per visit like a lead, and by the same people.
    leads: { perIp: config.rateLimitLeadsPerIp, perSession: config.rateLimitLeadsPerSession, ...windows },
    phone: { perIp: config.rateLimitPhonePerIp, perSession: config.rateLimitPhonePerSession, ...windows },
    events: { perIp: config.rateLimitEventsPerIp, perSession: config.rateLimitEventsPerSession, ...windows },
  };
  const counters: CounterFactory =
    db.kind === 'postgres'
      ? databaseCounters({ db, now, warn: (message) => app.log.warn(message) })
      : (_route, routeLimits) => processCounter(routeLimits, now);
  // One hook per path, counting apart from every other path: every method of the path shares it (a GET route's HEAD
  // twin runs the same lookup).
  const hooks = new Map<string, onRequestHookHandler | undefined>();
  // Route hooks run after the app's own, so the XSRF check has refused a forged call before it is counted.
  app.addHook('onRoute', (route) => {
    const kind = route.config?.rateLimit;
    if (kind === undefined) return;
    if (!hooks.has(route.url)) hooks.set(route.url, limitHook(route.url, limits[kind], counters));
    const hook = hooks.get(route.url);
    if (hook === undefined) return;
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...existing, hook];
  });
}
