/**
 * Cross-site request protection (docs/decisions/092-cross-site-requests-and-cookies.md), in two checks on every
 * state-changing API call, before its body is read:
 *
 * - Where the call comes from. A browser says so: `Sec-Fetch-Site`, or else `Origin`, or else `Referer`. A call
 *   another site (or a sandboxed frame: Origin `null`) made is refused, whatever token it carries. A client that sends
 *   none of them is not a browser (another server using the API) and goes on to the token check.
 * - The double-submit token: every visitor gets an XSRF-TOKEN cookie the server issued (xsrf-token.ts), the page's API
 *   client copies it into the X-XSRF-TOKEN header, and a call whose header does not match a cookie this server issued
 *   is refused. Another site can make a visitor's browser send the cookie, but cannot read it to set the header.
 *   Over HTTPS the server also sets the same token as `__Host-XSRF-TOKEN` (HttpOnly) and checks the header against
 *   that one: a sibling subdomain or a page on plain HTTP can overwrite XSRF-TOKEN, never a `__Host-` cookie
 *   (cookies.ts). The page and other clients keep reading the spec's XSRF-TOKEN.
 *
 * The names are the page's (contracts/api-paths.ts), Angular's convention. A route whose calls prove themselves
 * another way says so in its config (`forgeryCheck`).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_REFUSED } from '../../../contracts/api-paths.ts';
import { isApiRequest } from './api-path.ts';
import { cookieName, cookieOf, overHttps, requestCookie, setCookie } from './cookies.ts';
import { ClientError } from './errors.ts';
import type { XsrfTokens } from './xsrf-token.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a state-changing route's calls prove they are not forged, when not by the header: `signature` (a buyer's
     * server signs its calls and has no cookie to copy; a browser on another site cannot sign), `token-in-body`
     * (navigator.sendBeacon cannot set a header: the route compares the token its body carries with the cookie, and
     * the call's origin is checked as any other's).
     */
    forgeryCheck?: 'signature' | 'token-in-body';
  }
  interface FastifyRequest {
    /** The request's XSRF cookie when this server issued it; a made-up or missing one is undefined. */
    visitToken: string | undefined;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NO_COOKIE = `No ${XSRF_COOKIE} cookie this site issued was sent: this answer sets one; copy it into the ${XSRF_HEADER} header and send again`;
const WRONG_HEADER = `Missing or wrong ${XSRF_HEADER} header: copy the ${XSRF_COOKIE} cookie into it`;
const OTHER_SITE = 'This request came from another site: send it from the page itself';

/** Whether a token sent back equals the cookie's, compared in constant time. */
export function sameToken(sent: string, cookie: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The host name of an Origin or Referer value; undefined for `null` or anything that is not a URL. */
function hostNameOf(value: string): string | undefined {
  return URL.canParse(value) ? new URL(value).hostname : undefined;
}

/**
 * Whether a browser says the call came from another site. The host name is compared, as a cookie's scope is: neither
 * the scheme (behind a TLS proxy TRUST_PROXY does not name, the server sees http while the page is https) nor the port
 * (a cookie is shared by every port of its host).
 */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin ?? request.headers.referer;
  if (origin === undefined) return false;
  return hostNameOf(origin) !== request.hostname;
}

/** Why a state-changing API call is refused, or undefined when it may go on. */
function refusal(request: FastifyRequest): ClientError | undefined {
  if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return undefined;
  const check = request.routeOptions.config.forgeryCheck;
  if (check === 'signature') return undefined;
  if (fromAnotherSite(request)) return new ClientError(403, XSRF_REFUSED, OTHER_SITE);
  if (check === 'token-in-body') return undefined;
  const cookie = request.visitToken;
  if (cookie === undefined) return new ClientError(403, XSRF_REFUSED, NO_COOKIE);
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  if (typeof header !== 'string' || !sameToken(header, cookie)) return new ClientError(403, XSRF_REFUSED, WRONG_HEADER);
  return undefined;
}

/** Pages and API answers carry the cookie; files do not, so their shared caching stays as it is. */
function issuesCookie(request: FastifyRequest, reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return isApiRequest(request) || (typeof type === 'string' && type.startsWith('text/html'));
}

/**
 * Hands the visitor `token`: the cookie the page reads and, over HTTPS, the `__Host-` copy the server checks (left out
 * when only the page's copy needs putting back).
 */
function setTokenCookies(request: FastifyRequest, reply: FastifyReply, token: string, withCheckedCopy: boolean): void {
  // Not HttpOnly: the page reads it to copy it into the header.
  const readable = setCookie(request, XSRF_COOKIE, token, { sameSite: 'Lax' });
  const checked = cookieName(request, XSRF_COOKIE);
  reply.header(
    'set-cookie',
    checked === XSRF_COOKIE || !withCheckedCopy
      ? readable
      : [setCookie(request, checked, token, { sameSite: 'Lax', httpOnly: true }), readable],
  );
  // An answer that hands a visitor a token must not be kept by a shared cache and handed to the next visitor.
  const cacheControl = reply.getHeader('cache-control');
  const current = typeof cacheControl === 'string' ? cacheControl : '';
  if (!/\b(?:private|no-store)\b/.test(current)) {
    reply.header('cache-control', current ? `private, ${current}` : 'private');
  }
}

/**
 * Over HTTPS, whether the page's copy of the token is missing or differs from the checked one (a sibling subdomain
 * overwrote it): the page would send a header that never matches, so its copy is put back.
 */
function readableCopyLost(request: FastifyRequest, token: string): boolean {
  return overHttps(request) && cookieOf(request.headers.cookie, XSRF_COOKIE) !== token;
}

/** `loadTokens` runs once, when the app is ready: no request is answered before. */
export function registerXsrfProtection(app: FastifyInstance, loadTokens: () => Promise<XsrfTokens>): void {
  let tokens: XsrfTokens | undefined;
  app.addHook('onReady', async () => {
    tokens = await loadTokens();
  });
  const ready = (): XsrfTokens => {
    if (tokens === undefined) throw new Error('a request arrived before the XSRF key was read');
    return tokens;
  };
  app.decorateRequest('visitToken', undefined);
  // onRequest runs before the body is parsed or validated: a refused call reaches no route and stores nothing. It
  // runs before the rate limits' route hooks, which count visits by visitToken. Both hooks take a callback rather
  // than return a promise: they run on every request, and a promise per hook is measurable under load.
  app.addHook('onRequest', (request, _reply, done) => {
    const cookie = requestCookie(request, XSRF_COOKIE);
    request.visitToken = cookie !== undefined && ready().issued(cookie) ? cookie : undefined;
    done(refusal(request));
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const token = request.visitToken;
    if (token === undefined) {
      if (issuesCookie(request, reply)) setTokenCookies(request, reply, ready().issue(), true);
    } else if (readableCopyLost(request, token) && issuesCookie(request, reply)) {
      setTokenCookies(request, reply, token, false);
    }
    done(null, payload);
  });
}
