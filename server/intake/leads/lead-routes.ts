/**
 * POST /api/v1/leads/trigger: the lead payload as JSON → 201 `{ "id", "consent" }` once the lead, its consent evidence and its
 * delivery job are stored. Refusals are 4xx in the `errorResponse` shape, naming every bad field; without a delivery
 * queue the route answers 503, since a lead that cannot be delivered must not be accepted.
 *
 * With an Idempotency-Key header, a request repeating an earlier one gets the earlier answer (201, the same id) and
 * stores nothing; the key with another request is refused with 422. Bots (the honeypot filled) and repeats of an email
 * and phone within a day get the normal answer and are stored held back from buyers.
 *
 * The stored payload, which buyers receive, gets fields of the server's own: `gpc`, whether the visitor sent an
 * opt-out preference signal (a `Sec-GPC: 1` header, or `"gpc": true` from the page), `time_zone`, the zone of
 * the lead's ZIP code (docs/decisions/121-global-privacy-control-and-consent-mode.md, 123-the-lead-time-zone.md),
 * and `language`, the one the form was filled in ("en" when the lead names none), whose consent text is recorded.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponse, leadAccepted, type ErrorResponse } from '../../../contracts/api.ts';
import { IDEMPOTENCY_KEY_HEADER, LEAD_INTAKE_PATH } from '../../../contracts/api-paths.ts';
import type { Database } from '../../platform/db/types.ts';
import type { DeliveryQueue } from './delivery-queue.ts';
import { HONEYPOT_FIELD } from '../../../contracts/honeypot.ts';
import { checkLead } from './check-lead.ts';
import { contactSha256 } from '../../privacy/index.ts';
import { idempotencyKeyOf, requestSha256 } from './idempotency-key.ts';
import type { LeadFlows } from './lead-flows.ts';
import { createLeadStore, IdempotencyKeyReused, type LeadsOfVisitsStored } from './store-lead.ts';
import { FUNNEL_VISIT_FIELD, GPC_FIELD, LANGUAGE_FIELD, TIME_ZONE_FIELD } from '../../../contracts/lead.ts';
import { timeZoneOfZip } from '../zip/zip-directory.ts';

/** A lead is about 1 KB; anything near this is not one. */
const LEAD_BODY_LIMIT = 64 * 1024;

const UNAVAILABLE: ErrorResponse = { error: 'unavailable', message: 'Leads cannot be received right now' };

const KEY_REUSED: ErrorResponse = {
  error: 'idempotency_key_reused',
  message: 'The Idempotency-Key was already used with another lead: send a new key with a new lead',
  fields: [{ field: 'Idempotency-Key', keyword: 'unique', message: 'Already used with another lead' }],
};

function badKey(problem: string): ErrorResponse {
  return {
    error: 'invalid_idempotency_key',
    message: `The Idempotency-Key header is invalid: ${problem}`,
    fields: [{ field: 'Idempotency-Key', keyword: 'format', message: problem }],
  };
}

export interface LeadIntake {
  /** The lead flows as they are at the request (the published versions change while the server runs). */
  flows: () => LeadFlows;
  db: Database;
  delivery: DeliveryQueue;
  /** Told of the leads stored with a funnel visit, in their transaction. */
  onLeadsOfVisits?: LeadsOfVisitsStored;
}

/** The lead as buyers get it, without the funnel's visit id, and that id. */
function withoutFunnelVisit(lead: Record<string, unknown>): {
  payload: Record<string, unknown>;
  funnelVisit: string | undefined;
} {
  const { [FUNNEL_VISIT_FIELD]: visit, ...payload } = lead;
  return { payload, funnelVisit: text(visit) };
}

/**
 * Whether the visitor sent an opt-out preference signal: the Global Privacy Control header with the value "1" (any
 * other value is no signal, as its specification says), or the page's `gpc: true` from navigator.globalPrivacyControl.
 */
function signalsOptOut(header: string | string[] | undefined, lead: Record<string, unknown>): boolean {
  return header === '1' || lead[GPC_FIELD] === true;
}

/** The visitor's time zone, from the address's ZIP code; empty when unknown, which a checked lead's ZIP never is. */
function timeZoneOf(lead: Record<string, unknown>): string {
  return (typeof lead.zipcode === 'string' && timeZoneOfZip(lead.zipcode)) || '';
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** A URL the lead carries; sent empty, it has none. */
const url = (value: unknown): string | undefined => text(value) || undefined;

export async function registerLeadRoutes(app: FastifyInstance, intake: LeadIntake | undefined): Promise<void> {
  const visits = intake?.onLeadsOfVisits && {
    stored: intake.onLeadsOfVisits,
    failed: (error: unknown) => app.log.error({ err: error }, 'the funnel could not count stored leads; they are kept'),
  };
  const leads = intake === undefined ? undefined : createLeadStore(intake.db, intake.delivery, visits);
  // Its own scope, so the content types it refuses stay refused here only.
  await app.register(async (scope) => {
    // A lead is JSON: text/plain (which Fastify otherwise reads as a string) gets 415 like any other type.
    scope.removeContentTypeParser('text/plain');
    scope.post(
      LEAD_INTAKE_PATH,
      {
        bodyLimit: LEAD_BODY_LIMIT,
        config: { rateLimit: 'leads' },
        schema: { response: { 201: leadAccepted, '4xx': errorResponse, 503: errorResponse } },
      },
      async (request, reply) => {
        if (intake === undefined || leads === undefined) return reply.code(503).send(UNAVAILABLE);
        const keyHeader = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
        if (!keyHeader.ok) return reply.code(400).send(badKey(keyHeader.problem));
        const checked = checkLead(intake.flows(), request.body);
        if (!checked.ok) {
          request.log.info({ fields: checked.error.fields.map((field) => field.field) }, 'lead refused');
          return reply.code(400).send(checked.error);
        }
        const { flow, language } = checked;
        const { payload: sent, funnelVisit } = withoutFunnelVisit(checked.lead);
        const gpc = signalsOptOut(request.headers['sec-gpc'], sent);
        const lead: Record<string, unknown> = {
          ...sent,
          [GPC_FIELD]: gpc,
          [TIME_ZONE_FIELD]: timeZoneOf(sent),
          [LANGUAGE_FIELD]: language,
        };
        const { key } = keyHeader;
        const store = leads.store({
          flow: flow.flow.id,
          flowVersion: flow.flow.version,
          payload: lead,
          gpc,
          language,
          funnelVisit,
          consent: flow.consent,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          pageUrl: url(lead.source_url),
          certificateUrl: url(lead.trustedform_cert_url),
          idempotency: key === undefined ? undefined : { key, requestSha256: requestSha256(request.body) },
          honeypot: (text(lead[HONEYPOT_FIELD]) ?? '') !== '',
          contactSha256: contactSha256(lead),
        });
        let stored;
        try {
          stored = await store;
        } catch (error) {
          if (!(error instanceof IdempotencyKeyReused)) throw error;
          request.log.info({}, 'lead refused: Idempotency-Key reused with another lead');
          return reply.code(422).send(KEY_REUSED);
        }
        const { id, consent, replayed } = stored;
        request.log.info(
          { leadId: id, flowVersion: flow.flow.version, language },
          replayed ? 'lead replayed' : 'lead stored',
        );
        return reply.code(201).send({ id, consent });
      },
    );
  });
}
