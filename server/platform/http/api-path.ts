/** Which requests are API calls (under /api), as opposed to pages and files. */
import type { FastifyRequest } from 'fastify';

export function isApiPath(path: string | undefined): boolean {
  return path !== undefined && (path === '/api' || path.startsWith('/api/'));
}

/** The raw path and the matched route both count, so no spelling of an API path slips past a check. */
export function isApiRequest(request: FastifyRequest): boolean {
  const query = request.url.indexOf('?');
  return isApiPath(query === -1 ? request.url : request.url.slice(0, query)) || isApiPath(request.routeOptions.url);
}
