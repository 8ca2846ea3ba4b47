/** GET /api/v1/health: the process answers and the database runs a query. For load balancers and monitors. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/types.ts';

export interface HealthBody {
  status: 'ok' | 'error';
  database: 'ok' | 'error';
}

export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/v1/health', async (request, reply): Promise<HealthBody> => {
    try {
      await db.query('select 1');
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database did not answer');
      reply.code(503);
      return { status: 'error', database: 'error' };
    }
    return { status: 'ok', database: 'ok' };
  });
}
