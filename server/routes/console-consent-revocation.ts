/**
 * POST /api/admin/leads/:id/consent-revocation (engine/api/console.ts): an operator records a visitor's revocation of
 * consent. The lead actions' guards (admins and operators, XSRF, audited) and answers.
 */
import type { FastifyInstance } from 'fastify';
import { ACCESS, CONSENT_REVOCATION, leadActionResponse, LEADS_PATH } from '../../engine/api/console.ts';
import { errorResponse } from '../../engine/api/schemas.ts';
import { allow } from '../console/access.ts';
import { auditOf, recordAudit } from '../console/audit.ts';
import { revokeConsent } from '../console/leads/consent-revocation.ts';
import { isUuid } from '../console/leads/lead-filters.ts';
import type { Database } from '../db/types.ts';
import { invalidFieldsBody } from '../errors.ts';
import type { BuyerEventQueue } from '../routing/buyer-events.ts';

const byId = {
  params: {
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
    additionalProperties: false,
  },
} as const;

const BAD_ID = { field: 'id', keyword: 'format', message: 'id must be a lead id (a UUID)' };
const NO_SUCH_LEAD = { error: 'not_found', message: 'No lead has this id' } as const;
const NO_DELIVERY = { error: 'no_delivery', message: 'Lead delivery is not configured on this server' } as const;

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
