/**
 * POST /api/v1/leads/trigger: the lead payload as JSON → 201 `{ "id", "consent" }` once the lead, its consent evidence and its
 * delivery job are stored. Refusals are 4xx in the `errorResponse` shape, naming every bad field; without a delivery
 * queue the route answers 503, since a lead that cannot be delivered must not be accepted.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponse, leadAccepted, type ErrorResponse } from '../../engine/api/schemas.ts';
import type { Database } from '../db/types.ts';
import type { DeliveryQueue } from '../delivery/queue.ts';
import { checkLead } from '../leads/check-lead.ts';
import type { LeadFlows } from '../leads/lead-flows.ts';
import { createLeadStore } from '../leads/store-lead.ts';

/** A lead is about 1 KB; anything near this is not one. */
const LEAD_BODY_LIMIT = 64 * 1024;

const UNAVAILABLE: ErrorResponse = { error: 'unavailable', message: 'Leads cannot be received right now' };

export interface LeadIntake {
  flows: LeadFlows;
  db: Database;
  delivery: DeliveryQueue;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export async function registerLeadRoutes(app: FastifyInstance, intake: LeadIntake | undefined): Promise<void> {
  const leads = intake === undefined ? undefined : createLeadStore(intake.db, intake.delivery);
  // Its own scope, so the content types it refuses stay refused here only.
  await app.register(async (scope) => {
    // A lead is JSON: text/plain (which Fastify otherwise reads as a string) gets 415 like any other type.
    scope.removeContentTypeParser('text/plain');
    scope.post(
      '/api/v1/leads/trigger',
      {
        bodyLimit: LEAD_BODY_LIMIT,
        schema: { response: { 201: leadAccepted, '4xx': errorResponse, 503: errorResponse } },
      },
      async (request, reply) => {
        if (intake === undefined || leads === undefined) return reply.code(503).send(UNAVAILABLE);
        const checked = checkLead(intake.flows, request.body);
        if (!checked.ok) {
          request.log.info({ fields: checked.error.fields.map((field) => field.field) }, 'lead refused');
          return reply.code(400).send(checked.error);
        }
        const { flow, lead } = checked;
        const id = await leads.store({
          flow: flow.flow.id,
          flowVersion: flow.flow.version,
          payload: lead,
          consent: flow.consent,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          pageUrl: text(lead.source_url),
          certificateUrl: text(lead.trustedform_cert_url),
        });
        request.log.info({ leadId: id, flowVersion: flow.flow.version }, 'lead stored');
        return reply.code(201).send({ id, consent: { version: flow.consent.version, sha256: flow.consent.sha256 } });
      },
    );
  });
}
