/**
 * POST /api/admin/leads/:id/consent-revocation (contracts/console.ts): an operator records a visitor's revocation of
 * consent. The lead actions' guards (admins and operators, XSRF, audited) and answers.
 */
import type { FastifyInstance } from 'fastify';
import { ACCESS, CONSENT_REVOCATION, leadActionResponse, LEADS_PATH } from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { allow } from '../access.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { revokeConsent } from './consent-revocation.ts';
import { isUuid } from './lead-filters.ts';
import type { Database } from '../../platform/db/types.ts';
import { invalidFieldsBody } from '../../platform/http/errors.ts';
import type { BuyerEventQueue } from '../../buyers/index.ts';
import { BAD_ID, byId, NO_DELIVERY, NO_SUCH_LEAD } from './lead-id-param.ts';

/** `buyerEvents` is absent when the server has no delivery queue: the action then answers 503, as the others do. */
export function registerConsentRevocationRoute(
  app: FastifyInstance,
  db: Database,
  buyerEvents: BuyerEventQueue | undefined,
): void {
  app.post<{ Params: { id: string } }>(
    `${LEADS_PATH}/:id/${CONSENT_REVOCATION}`,
    {
      preHandler: allow(ACCESS.leads),
      schema: { ...byId, response: { 200: leadActionResponse, '4xx': errorResponse, '5xx': errorResponse } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return reply.code(400).send(invalidFieldsBody('invalid_query', 'The request', [BAD_ID]));
      if (buyerEvents === undefined) return reply.code(503).send(NO_DELIVERY);
      const leadId = id.toLowerCase();
      const done = await revokeConsent(db, leadId, buyerEvents);
      if (done === undefined) return reply.code(404).send(NO_SUCH_LEAD);
      await recordAudit(db, auditOf(request, CONSENT_REVOCATION, leadId));
      request.log.info({ leadId, action: CONSENT_REVOCATION, result: done.result }, 'console lead action');
      return done;
    },
  );
}
