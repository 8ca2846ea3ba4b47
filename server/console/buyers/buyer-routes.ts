/**
 * GET /api/admin/lenders, for admins and operators: the buyers routing tries, in order, with their rules, caps and
 * last 30 days, and the lenders of the consent with no buyer (docs/decisions/072-routing-in-the-console.md).
 */
import type { FastifyInstance } from 'fastify';
import { ACCESS, BUYERS_REPORT_PATH, buyersReportResponse } from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { allow } from '../access.ts';
import { buyersReport, type KnownLender } from './buyers-report.ts';
import type { Database } from '../../platform/db/types.ts';
import type { BuyerRules } from '../../buyers/index.ts';

export interface BuyerRoutesOptions {
  /** The buyers this server routes to (none when delivery is not configured). */
  buyers: readonly BuyerRules[];
  /** The lenders of site/content/lenders.json. */
  lenders: readonly KnownLender[];
  now: () => number;
}

export function registerConsoleBuyerRoutes(app: FastifyInstance, db: Database, options: BuyerRoutesOptions) {
  app.get(
    BUYERS_REPORT_PATH,
    { preHandler: allow(ACCESS.lenders), schema: { response: { 200: buyersReportResponse, '4xx': errorResponse } } },
    async () => buyersReport(db, options.buyers, options.lenders, new Date(options.now())),
  );
}
