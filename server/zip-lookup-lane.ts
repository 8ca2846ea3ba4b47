/**
 * The ZIP lookup's plainest request answered before Fastify. The page asks one lookup per ZIP typed, and Fastify's
 * request and reply objects, hooks and request logger cost more than the lookup itself: about a fifth of the
 * server's time per lookup (docs/decisions/033-zip-lookup-lane.md).
 *
 * Only `GET /api/v1/zipcode/validate?zipcode=DDDDD` from a visitor who already has the XSRF cookie takes the lane,
 * and it answers what the route would, byte for byte: the same body and the API's security headers.
 * Everything else goes on to Fastify, whose route stays the reference: refusals, other parameters, HEAD, a first
 * visit that is handed the cookie. tests/server/zip-lookup-lane.test.ts holds the two answers side by side.
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { found, ZIP_LOOKUP_PATH } from './routes/zipcode.ts';
import { API_SECURITY_HEADERS } from './security.ts';
import { xsrfCookieOf } from './xsrf.ts';

const PREFIX = `${ZIP_LOOKUP_PATH}?zipcode=`;
const LANE_URL = new RegExp(`^${PREFIX.replace(/[.?/]/g, '\\$&')}[0-9]{5}$`);

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
type ServerFactory = NonNullable<FastifyServerOptions['serverFactory']>;

/** Answers the request when it takes the lane and says so; leaves it untouched otherwise. */
export function zipLookupLane(request: IncomingMessage, response: ServerResponse): boolean {
  const { url } = request;
  if (request.method !== 'GET' || url === undefined || !LANE_URL.test(url)) return false;
  if (xsrfCookieOf(request.headers.cookie) === undefined) return false;
  const body = JSON.stringify(found(url.slice(PREFIX.length)));
  // Written out rather than spread from API_SECURITY_HEADERS: a literal is the cheapest object to make per request.
  const headers: OutgoingHttpHeaders = {
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': API_SECURITY_HEADERS['x-content-type-options'],
    'content-security-policy': API_SECURITY_HEADERS['content-security-policy'],
    'referrer-policy': API_SECURITY_HEADERS['referrer-policy'],
    'strict-transport-security': API_SECURITY_HEADERS['strict-transport-security'],
    'cache-control': API_SECURITY_HEADERS['cache-control'],
    'content-length': Buffer.byteLength(body),
  };
  response.writeHead(200, headers);
  response.end(body);
  return true;
}

/**
 * Fastify's serverFactory option: Node's HTTP server with the lane in front of Fastify's handler, and the timeouts
 * Fastify sets on the server it makes itself (lib/server.js), which it leaves to a factory.
 */
export function serverWithZipLookupLane(): ServerFactory {
  return (handler: Handler, options: FastifyServerOptions): Server => {
    const server = createServer((request, response) => {
      if (!zipLookupLane(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if ((options.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket ?? null;
    return server;
  };
}
