/**
 * The console's leads (docs/decisions/061-lead-status-in-the-console.md): GET /api/admin/leads (the list),
 * /api/admin/lead-count (how many the list's filters match), /api/admin/leads/:id (a lead's page),
 * /api/admin/leads.csv (the export), POST /api/admin/leads/:id/redeliver | hold | release, for admins and operators;
 * GET /api/admin/counts for every role. Every action and export is audited.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ACCESS,
  COUNTS_PATH,
  countsResponse,
  LEAD_ACTIONS,
  leadActionResponse,
  LEAD_COUNT_PATH,
  leadCountResponse,
  leadPageResponse,
  LEADS_CSV_PATH,
  LEADS_PATH,
  leadsResponse,
} from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { allow } from '../access.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { leadActions, type DeliveryAccess } from './lead-actions.ts';
import { leadCount } from './lead-count.ts';
import { leadCounts } from './lead-counts.ts';
import { leadDetail, type LeadReading } from './lead-detail.ts';
import { checkFilterQuery, checkListQuery, checkRangeQuery, isUuid } from './lead-filters.ts';
import type { DateRange, FieldProblem } from '../../platform/http/request-query.ts';
import { leadPage, nextCursor, toLeadRow } from './lead-list.ts';
import { csvFileName, leadsCsv } from './leads-csv.ts';
import type { Database } from '../../platform/db/types.ts';
import { invalidFieldsBody } from '../../platform/http/errors.ts';
import { BAD_ID, byId, NO_DELIVERY, NO_SUCH_LEAD } from './lead-id-param.ts';

type Query = Record<string, unknown>;

function refuse(reply: FastifyReply, fields: FieldProblem[]) {
  return reply.code(400).send(invalidFieldsBody('invalid_query', 'The request', fields));
}

const rangeText = (range: DateRange) => `${range.from ?? 'start'}..${range.to ?? 'today'}`;

/**
 * `delivery` is absent when the server has no delivery queue: the actions then answer 503. `reading` names the buyers
 * on a lead's page and labels its answers.
 */
export function registerConsoleLeadRoutes(
  app: FastifyInstance,
  db: Database,
  delivery: DeliveryAccess | undefined,
  reading: LeadReading,
) {
  const leads = allow(ACCESS.leads);
  const actions = delivery === undefined ? undefined : leadActions(db, delivery);

  app.get<{ Querystring: Query }>(
    LEADS_PATH,
    { preHandler: leads, schema: { response: { 200: leadsResponse, '4xx': errorResponse } } },
    async (request, reply) => {
      const checked = checkListQuery(request.query);
      if (!checked.ok) return refuse(reply, checked.fields);
      const { filters, limit, cursor } = checked.value;
      const page = await leadPage(db, filters, limit, cursor);
      return { leads: page.leads.map(toLeadRow), next_cursor: nextCursor(page) };
    },
  );

  app.get<{ Querystring: Query }>(
    LEAD_COUNT_PATH,
    { preHandler: leads, schema: { response: { 200: leadCountResponse, '4xx': errorResponse } } },
    async (request, reply) => {
      const checked = checkFilterQuery(request.query);
      if (!checked.ok) return refuse(reply, checked.fields);
      return leadCount(db, checked.value);
    },
  );

  app.get<{ Querystring: Query }>(
    LEADS_CSV_PATH,
    { preHandler: leads, schema: { response: { '4xx': errorResponse } } },
    async (request, reply) => {
      const checked = checkRangeQuery(request.query);
      if (!checked.ok) return refuse(reply, checked.fields);
      const range = checked.value;
      await recordAudit(db, auditOf(request, 'export', rangeText(range)));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(range)}"`)
        .send(leadsCsv(db, range));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${LEADS_PATH}/:id`,
    { preHandler: leads, schema: { ...byId, response: { 200: leadPageResponse, '4xx': errorResponse } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return refuse(reply, [BAD_ID]);
      const lead = await leadDetail(db, id.toLowerCase(), reading);
      return lead === undefined ? reply.code(404).send(NO_SUCH_LEAD) : { lead };
    },
  );

  for (const action of LEAD_ACTIONS) {
    app.post<{ Params: { id: string } }>(
      `${LEADS_PATH}/:id/${action}`,
      { preHandler: leads, schema: { ...byId, response: { 200: leadActionResponse, '4xx': errorResponse } } },
      async (request, reply) => {
        const { id } = request.params;
        if (!isUuid(id)) return refuse(reply, [BAD_ID]);
        if (actions === undefined) return reply.code(503).send(NO_DELIVERY);
        const leadId = id.toLowerCase();
        const done = await actions[action](leadId);
        if (done === undefined) return reply.code(404).send(NO_SUCH_LEAD);
        await recordAudit(db, auditOf(request, action, leadId));
        request.log.info({ leadId, action, result: done.result }, 'console lead action');
        return done;
      },
    );
  }

  app.get<{ Querystring: Query }>(
    COUNTS_PATH,
    { preHandler: allow(ACCESS.counts), schema: { response: { 200: countsResponse, '4xx': errorResponse } } },
    async (request, reply) => {
      const checked = checkRangeQuery(request.query);
      if (!checked.ok) return refuse(reply, checked.fields);
      return leadCounts(db, checked.value);
    },
  );
}
