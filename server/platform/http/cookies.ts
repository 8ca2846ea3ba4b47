/**
 * The server's own cookies: their names and their Secure attribute, by how the request arrived
 * (docs/decisions/092-cross-site-requests-and-cookies.md). Over HTTPS a cookie is named with the `__Host-` prefix,
 * which a browser accepts only when it is Secure, has Path=/ and names no Domain: no sibling subdomain, and no
 * page on plain HTTP, can set or replace it.
 */
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** PLAIN_HTTP: the server is reached over plain HTTP for local use, so the console's session cookie is not Secure. */
    plainHttp: boolean;
  }
}

const HOST_PREFIX = '__Host-';

/** request.protocol follows X-Forwarded-Proto only from a proxy TRUST_PROXY names. */
export function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The name a cookie of ours has on this request: with the `__Host-` prefix over HTTPS. */
export function cookieName(request: FastifyRequest, name: string): string {
  return overHttps(request) ? `${HOST_PREFIX}${name}` : name;
}

/**
 * The value of the first cookie called `name` in a Cookie header (as a page reads document.cookie: a sibling
 * subdomain's cookie of the same name comes later). Runs on every request, so it walks the header with indexOf rather
 * than splitting it into an array of pairs.
 */
export function cookieOf(cookieHeader: string | undefined, name: string): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (let start = 0; start < cookieHeader.length;) {
    const semicolon = cookieHeader.indexOf(';', start);
    const end = semicolon === -1 ? cookieHeader.length : semicolon;
    const equals = cookieHeader.indexOf('=', start);
    if (equals !== -1 && equals < end && cookieHeader.slice(start, equals).trim() === name) {
      return cookieHeader.slice(equals + 1, end).trim();
    }
    start = end + 1;
  }
  return undefined;
}

/** The request's cookie of ours called `name` (under its `__Host-` name over HTTPS). */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  return cookieOf(request.headers.cookie, cookieName(request, name));
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  sameSite: 'Strict' | 'Lax';
  /** Secure even over plain HTTP (browsers keep Secure cookies of http://localhost). Always Secure over HTTPS. */
  alwaysSecure?: boolean;
}

/**
 * A Set-Cookie value for the cookie `name` (as given: with cookieName's prefix, or without for a cookie the page reads
 * by the spec's name) on this request: Path=/, no Domain, Secure over HTTPS.
 */
export function setCookie(request: FastifyRequest, name: string, value: string, options: CookieOptions): string {
  const secure = overHttps(request) || options.alwaysSecure === true;
  return (
    `${name}=${value}; Path=/` +
    (options.maxAgeSeconds === undefined ? '' : `; Max-Age=${options.maxAgeSeconds}`) +
    (options.httpOnly === true ? '; HttpOnly' : '') +
    `; SameSite=${options.sameSite}` +
    (secure ? '; Secure' : '')
  );
}
