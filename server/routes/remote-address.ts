/**
 * GET /api/v1/remote/address → `{ "address": <client IP> }`. The address is the connection's, or the one a
 * configured proxy (TRUST_PROXY) forwarded; a forwarded header from anyone else changes nothing.
 */
import type { FastifyInstance } from 'fastify';

export function registerRemoteAddressRoutes(app: FastifyInstance): void {
  app.get('/api/v1/remote/address', async (request) => ({ address: request.ip }));
}
