/**
 * The optional split test (docs/decisions/029-split-tests.md): the flow studio's weights when it has set any (decision
 * 111), else SPLIT_TEST's. A visitor who arrives at '/' (or a language's start, '/es') without a version is given one
 * by weight and kept on it by a cookie, the same in every language; a version whose start is elsewhere (/v2, /v3, /<published name>) is reached by a redirect that keeps the
 * query, so the utm parameters and click ids arrive with the visitor and the attribution, the prerendered screen and
 * the funnel stay those of the version. Off by default: '/' is v1, as the spec says.
 */
import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConfigError } from '../platform/config/load.ts';

/** The cookie that keeps a visitor on their version: the page never reads it. */
export const VERSION_COOKIE = 'fundflow_version';
/** Long enough to outlast the form record's seven days and a visitor's second thoughts. */
export const VERSION_COOKIE_DAYS = 30;

/** Picks an arm by weight; `draw` is a whole number below the weights' sum. */
export function armAt(arms: ReadonlyMap<string, number>, draw: number): string {
  let below = draw;
  for (const [version, weight] of arms) {
    if (below < weight) return version;
    below -= weight;
  }
  throw new RangeError(`draw ${draw} is not below the weights' sum`);
}

/** Built once: '/' is the busiest page, and each of its requests reads the cookie. */
const VERSION_IN_COOKIES = new RegExp(`(?:^|;\\s*)${VERSION_COOKIE}=([A-Za-z0-9_-]{1,64})(?:;|$)`);

function cookieVersion(cookieHeader: string | undefined): string | undefined {
  return VERSION_IN_COOKIES.exec(cookieHeader ?? '')?.[1];
}

export interface SplitTest {
  /**
   * Answers a language's start ('/', '/es'): the page for a visitor on the version that starts there, a redirect to
   * their version otherwise.
   */
  answer(request: FastifyRequest, reply: FastifyReply, page: () => Promise<FastifyReply>): Promise<FastifyReply>;
}

/** The split test's arms as they are now: the studio's weights may change while the server runs. */
export interface SplitArms {
  /** Version → weight; undefined while no split is set. */
  current(): ReadonlyMap<string, number> | undefined;
  /** Where a version starts; undefined for one no visitor may be sent to now (unknown, or retired). */
  startOf(version: string): string | undefined;
}

/** Refuses SPLIT_TEST at start-up, naming the setting, when an arm is not a flow version (`starts`: version → path). */
export function checkSplitTest(arms: ReadonlyMap<string, number>, starts: ReadonlyMap<string, string>): void {
  const unknown = [...arms.keys()].filter((version) => !starts.has(version));
  if (unknown.length > 0) {
    throw new ConfigError([
      `SPLIT_TEST names ${unknown.join(', ')}, which no flow file has: use ${[...starts.keys()].join(', ')}`,
    ]);
  }
}

/**
 * The split test over the arms as `source` gives them at each request. With no arm of weight above 0 that can take
 * visitors, '/' is the page of the version that starts there, with no cookie.
 */
export function createSplitTest(source: SplitArms, draw: (below: number) => number = randomInt): SplitTest {
  return {
    async answer(request, reply, page) {
      const arms = new Map(
        [...(source.current() ?? [])].filter(
          ([version, weight]) => weight > 0 && source.startOf(version) !== undefined,
        ),
      );
      if (arms.size === 0) return page();
      const total = [...arms.values()].reduce((sum, weight) => sum + weight, 0);
      const kept = cookieVersion(request.headers.cookie);
      // A version that left the test (or a weight set to 0) is drawn again, as a new visitor's would be.
      const version = kept !== undefined && arms.has(kept) ? kept : armAt(arms, draw(total));
      if (version !== kept) {
        const secure = request.protocol === 'https' ? '; Secure' : '';
        const maxAge = VERSION_COOKIE_DAYS * 24 * 60 * 60;
        reply.header(
          'set-cookie',
          `${VERSION_COOKIE}=${version}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
        );
      }
      // What '/' answers depends on the cookie: no cache may hand one visitor's answer to another.
      reply.header('vary', 'Cookie');
      const start = source.startOf(version)!;
      // The version that starts here ('/', or '/es' for the Spanish split) is this very page.
      if (start === (request.url.split('?')[0] ?? '/')) return page();
      const query = request.url.indexOf('?');
      reply.header('cache-control', 'private, no-cache');
      return reply.redirect(start + (query === -1 ? '' : request.url.slice(query)), 302);
    },
  };
}
