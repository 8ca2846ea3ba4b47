/**
 * GET /api/v1/remote/address → `{ "address": <client IP> }`. The address is the connection's, or the one a
 * configured proxy (TRUST_PROXY) forwarded; a forwarded header from anyone else changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { REMOTE_ADDRESS_PATH } from '../../contracts/api-paths.ts';

export function registerRemoteAddressRoutes(app: FastifyInstance): void {
  app.get(REMOTE_ADDRESS_PATH, async (request) => ({ address: request.ip }));
}
