/**
 * The ZIP lookup's plainest request answered before Fastify. The page asks one lookup per ZIP typed, and Fastify's
 * request and reply objects, hooks and request logger cost more than the lookup itself: about a fifth of the
 * server's time per lookup (docs/decisions/033-zip-lookup-lane.md).
 *
 * Only `GET /api/v1/zipcode/validate?zipcode=DDDDD` from a visitor who already has the XSRF cookie takes the lane,
 * and it answers what the route would, byte for byte: the same body, the API's security headers, HSTS when the
 * request came over https as Fastify judges it (the socket, or X-Forwarded-Proto from a proxy TRUST_PROXY names).
 * Everything else goes on to Fastify, whose route stays the reference: refusals, other parameters, HEAD, a first
 * visit that is handed the cookie. tests/server/zip-lookup-lane.test.ts holds the two answers side by side.
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { found, ZIP_LOOKUP_PATH } from './routes/zipcode.ts';
import { API_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './security.ts';
import { xsrfCookieOf } from './xsrf.ts';

const PREFIX = `${ZIP_LOOKUP_PATH}?zipcode=`;
const LANE_URL = new RegExp(`^${PREFIX.replace(/[.?/]/g, '\\$&')}[0-9]{5}$`);

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
type ServerFactory = NonNullable<FastifyServerOptions['serverFactory']>;

/** Whether Fastify's `request.protocol` would say https (lib/request.js, with the same proxy trust). */
function overHttpsFor(trustProxy: Config['trustProxy']): (request: IncomingMessage) => boolean {
  const trusted = trustProxy === undefined ? undefined : proxyAddr.compile(trustProxy);
  return (request) => {
    const forwarded = request.headers['x-forwarded-proto'];
    const { socket } = request;
    if (trusted !== undefined && typeof forwarded === 'string' && forwarded !== '' && trusted(socket.remoteAddress ?? '', 0)) {
      return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
    }
    return 'encrypted' in socket && socket.encrypted === true;
  };
}

/** Answers the request when it takes the lane and says so; leaves it untouched otherwise. */
export function zipLookupLane(trustProxy: Config['trustProxy']): (request: IncomingMessage, response: ServerResponse) => boolean {
  const overHttps = overHttpsFor(trustProxy);
  return (request, response) => {
    const { url } = request;
    if (request.method !== 'GET' || url === undefined || !LANE_URL.test(url)) return false;
    if (xsrfCookieOf(request.headers.cookie) === undefined) return false;
    const body = JSON.stringify(found(url.slice(PREFIX.length)));
    // Written out rather than spread from API_SECURITY_HEADERS: a literal is the cheapest object to make per request.
    const headers: OutgoingHttpHeaders = {
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': API_SECURITY_HEADERS['x-content-type-options'],
      'content-security-policy': API_SECURITY_HEADERS['content-security-policy'],
      'cache-control': API_SECURITY_HEADERS['cache-control'],
      'content-length': Buffer.byteLength(body),
    };
    if (overHttps(request)) headers['strict-transport-security'] = STRICT_TRANSPORT_SECURITY;
    response.writeHead(200, headers);
    response.end(body);
    return true;
  };
}

/**
 * Fastify's serverFactory option: Node's HTTP server with the lane in front of Fastify's handler, and the timeouts
 * Fastify sets on the server it makes itself (lib/server.js), which it leaves to a factory.
 */
export function serverWithZipLookupLane(trustProxy: Config['trustProxy']): ServerFactory {
  const lane = zipLookupLane(trustProxy);
  return (handler: Handler, options: FastifyServerOptions): Server => {
    const server = createServer((request, response) => {
      if (!lane(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if ((options.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket ?? null;
    return server;
  };
}
