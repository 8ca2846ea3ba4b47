/**
 * Cross-site request protection by double-submit cookie: every visitor gets a random XSRF-TOKEN cookie, the page's
 * API client copies it into the X-XSRF-TOKEN header, and a state-changing API call whose header does not match the
 * cookie is refused before its body is read. Another site can make a visitor's browser send the cookie, but cannot
 * read it to set the header. The names are the page's (contracts/api.ts), Angular's convention. A route whose calls
 * prove themselves another way says so in its config (`forgeryCheck`).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_REFUSED } from '../../../contracts/api-paths.ts';
import { isApiRequest } from './api-path.ts';
import { ClientError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a state-changing route's calls prove they are not forged, when not by the header: `signature` (a buyer's
     * server signs its calls and has no cookie to copy; a browser on another site cannot sign), `token-in-body`
     * (navigator.sendBeacon cannot set a header: the route compares the token its body carries with the cookie).
     */
    forgeryCheck?: 'signature' | 'token-in-body';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Base64url of at least 128 bits; anything else in the cookie is treated as no token and replaced. */
const TOKEN = /^[A-Za-z0-9_-]{22,256}$/;

const NO_COOKIE = `No ${XSRF_COOKIE} cookie was sent: this answer sets one; copy it into the ${XSRF_HEADER} header and send again`;
const WRONG_HEADER = `Missing or wrong ${XSRF_HEADER} header: copy the ${XSRF_COOKIE} cookie into it`;

/** 32 random bytes, base64url: 256 bits, well past guessing. */
function newXsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The request's token: the first XSRF-TOKEN cookie, as the page reads document.cookie, when it looks like one of
 * ours. Cookies from a sibling subdomain may come later in the header; the page ignores them the same way. Runs on
 * every response, so it walks the header with indexOf rather than splitting it into an array of pairs.
 */
export function xsrfCookieOf(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (let start = 0; start < cookieHeader.length;) {
    const semicolon = cookieHeader.indexOf(';', start);
    const end = semicolon === -1 ? cookieHeader.length : semicolon;
    const equals = cookieHeader.indexOf('=', start);
    if (equals !== -1 && equals < end && cookieHeader.slice(start, equals).trim() === XSRF_COOKIE) {
      const value = cookieHeader.slice(equals + 1, end).trim();
      return TOKEN.test(value) ? value : undefined;
    }
    start = end + 1;
  }
  return undefined;
}

/** Whether a token sent back equals the cookie's, compared in constant time. */
export function sameToken(header: string, cookie: string): boolean {
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

function xsrfCookie(token: string, secure: boolean): string {
  // Not HttpOnly: the page reads it to copy it into the header.
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Pages and API answers carry the cookie; files do not, so their shared caching stays as it is. */
function issuesCookie(request: FastifyRequest, reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return isApiRequest(request) || (typeof type === 'string' && type.startsWith('text/html'));
}

/** Why a state-changing API call is refused, or undefined when it may go on. */
function refusal(request: FastifyRequest): ClientError | undefined {
  if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return undefined;
  if (request.routeOptions.config.forgeryCheck !== undefined) return undefined;
  const cookie = xsrfCookieOf(request.headers.cookie);
  if (cookie === undefined) return new ClientError(403, XSRF_REFUSED, NO_COOKIE);
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  if (typeof header !== 'string' || !sameToken(header, cookie)) return new ClientError(403, XSRF_REFUSED, WRONG_HEADER);
  return undefined;
}

function issueCookie(request: FastifyRequest, reply: FastifyReply): void {
  // request.protocol follows X-Forwarded-Proto only from a proxy TRUST_PROXY names.
  reply.header('set-cookie', xsrfCookie(newXsrfToken(), request.protocol === 'https'));
  // An answer that hands a visitor a token must not be kept by a shared cache and handed to the next visitor.
  const cacheControl = reply.getHeader('cache-control');
  const current = typeof cacheControl === 'string' ? cacheControl : '';
  if (!/\b(?:private|no-store)\b/.test(current)) {
    reply.header('cache-control', current ? `private, ${current}` : 'private');
  }
}

export function registerXsrfProtection(app: FastifyInstance): void {
  // onRequest runs before the body is parsed or validated: a refused call reaches no route and stores nothing.
  // Both hooks take a callback rather than return a promise: they run on every request, and a promise per hook is
  // measurable under load.
  app.addHook('onRequest', (request, _reply, done) => {
    done(refusal(request));
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (xsrfCookieOf(request.headers.cookie) === undefined && issuesCookie(request, reply)) issueCookie(request, reply);
    done(null, payload);
  });
}
