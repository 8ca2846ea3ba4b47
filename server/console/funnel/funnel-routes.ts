/**
 * The console's funnel (docs/decisions/024-funnel-events.md): GET /api/admin/funnel (JSON, for the console's page and
 * other tools) and /api/admin/funnel.csv, for every role: counts, step ids, campaigns and revenue, no person.
 */
import type { FastifyInstance } from 'fastify';
import { ACCESS } from '../../../contracts/console.ts';
import { FUNNEL_CSV_PATH, FUNNEL_PATH, funnelResponse } from '../../../contracts/funnel.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { allow } from '../access.ts';
import type { Database } from '../../platform/db/types.ts';
import { invalidFieldsBody } from '../../platform/http/errors.ts';
import {
  catchUpRevenue,
  checkFunnelQuery,
  funnelCsv,
  funnelCsvFileName,
  funnelReport,
  type EventStore,
  type FlowSteps,
} from '../../funnel/index.ts';

type Query = Record<string, unknown>;

/**
 * `events` is the endpoint's queue: a funnel counts every batch accepted before it was asked for, and every sale and
 * return committed before.
 */
export function registerConsoleFunnelRoutes(
  app: FastifyInstance,
  db: Database,
  flows: FlowSteps,
  events: EventStore,
): void {
  const access = allow(ACCESS.funnel);

  async function answer(query: Query) {
    const checked = checkFunnelQuery(query, flows);
    if (!checked.ok) return { refused: invalidFieldsBody('invalid_query', 'The request', checked.fields) };
    const filters = checked.value;
    await events.flush();
    await catchUpRevenue(db);
    return { funnel: await funnelReport(db, filters, flows.get(filters.version) ?? []) };
  }

  app.get<{ Querystring: Query }>(
    FUNNEL_PATH,
    { preHandler: access, schema: { response: { 200: funnelResponse, '4xx': errorResponse } } },
    async (request, reply) => {
      const result = await answer(request.query);
      return 'refused' in result ? reply.code(400).send(result.refused) : result.funnel;
    },
  );

  app.get<{ Querystring: Query }>(
    FUNNEL_CSV_PATH,
    { preHandler: access, schema: { response: { '4xx': errorResponse } } },
    async (request, reply) => {
      const result = await answer(request.query);
      if ('refused' in result) return reply.code(400).send(result.refused);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${funnelCsvFileName(result.funnel)}"`)
        .send(funnelCsv(result.funnel));
    },
  );
}
