/**
 * POST /api/v1/lenders/:lenderId/returns `{ "lead_id": "<uuid>", "reason": "disconnected_phone" }`: a buyer returns a
 * lead it received, signed with its own secret in the Standard Webhooks scheme (server/buyers/returns/signed-request.ts).
 * 201 `{ "returned_at" }` when recorded; 200 with the first time for the same return again; 401 for a missing or bad
 * signature or an unknown buyer, alike; 404 when that buyer did not receive that lead; 409 `return_window_closed`
 * past 7 days from its delivery; 400 naming each bad field. A server call, not a page's: no XSRF cookie (server/platform/http/xsrf.ts
 * lets it through), the signature instead.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponse, type ErrorResponse } from '../../../contracts/api.ts';
import type { Database } from '../../platform/db/types.ts';
import { invalidFieldsBody } from '../../platform/http/errors.ts';
import type { Buyer } from '../buyer.ts';
import { RETURN_REASON, RETURN_WINDOW_DAYS, recordReturn } from './lead-returns.ts';
import { verifySignedRequest } from './signed-request.ts';

/**
 * The buyer is named by its id (its lender's) under `lenders`: the path, its `lenderId` and the answers' words are a
 * contract with the buyers' systems and stay as published (docs/decisions/074-one-word-for-a-buyer.md).
 */
const BUYER_RETURNS_ROUTE = '/api/v1/lenders/:lenderId/returns';

/** A lead id and a reason code with room to spare. */
export const RETURNS_BODY_LIMIT = 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const returnRecorded = {
  type: 'object',
  properties: { returned_at: { type: 'string', format: 'date-time' } },
  required: ['returned_at'],
  additionalProperties: false,
} as const;

const UNSIGNED = {
  error: 'invalid_signature',
  message:
    'The request must be signed with one of the lender’s secrets (webhook-id, webhook-timestamp within 5 minutes, webhook-signature)',
} as const;
const NOT_RECEIVED = { error: 'not_found', message: 'This lender did not receive a lead with this lead_id' } as const;
const WINDOW_CLOSED = {
  error: 'return_window_closed',
  message: `A lead may be returned within ${RETURN_WINDOW_DAYS} days of its delivery`,
} as const;

type Field = NonNullable<ErrorResponse['fields']>[number];
type Checked = { ok: true; leadId: string; reason: string } | { ok: false; body: ErrorResponse };

const NOT_AN_OBJECT: ErrorResponse = { error: 'invalid_return', message: 'The request must be a JSON object' };

/** The body as it came (the signature covers its exact bytes), read as the return it must be. */
function checkReturn(text: string): Checked {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, body: NOT_AN_OBJECT };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, body: NOT_AN_OBJECT };
  const record = body as Record<string, unknown>;
  const fields: Field[] = Object.keys(record)
    .filter((key) => key !== 'lead_id' && key !== 'reason')
    .map((field) => ({ field, keyword: 'additionalProperties', message: 'This field is not expected here' }));
  const { lead_id: leadId, reason } = record;
  if (leadId === undefined) fields.push({ field: 'lead_id', keyword: 'required', message: 'lead_id is required' });
  else if (typeof leadId !== 'string' || !UUID.test(leadId))
    fields.push({ field: 'lead_id', keyword: 'format', message: 'lead_id must be a lead id (a UUID)' });
  if (reason === undefined) fields.push({ field: 'reason', keyword: 'required', message: 'reason is required' });
  else if (typeof reason !== 'string' || !RETURN_REASON.test(reason))
    fields.push({
      field: 'reason',
      keyword: 'pattern',
      message: 'reason must be a code of 1 to 64 lower-case letters, digits, "_", "." or "-" (like disconnected_phone)',
    });
  if (fields.length > 0) return { ok: false, body: invalidFieldsBody('invalid_return', 'The return', fields) };
  return { ok: true, leadId: (leadId as string).toLowerCase(), reason: reason as string };
}

/** Without buyers (none configured) every call answers 401: no one can sign one. */
export async function registerBuyerReturnRoutes(
  app: FastifyInstance,
  db: Database,
  buyers: readonly Buyer[],
  now: () => number,
): Promise<void> {
  const byId = new Map(buyers.map((buyer) => [buyer.id, buyer]));
  // Its own scope, so its body parsing stays here.
  await app.register(async (scope) => {
    // JSON only, kept as text: the signature is over the exact bytes sent. Every other type gets 415.
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => done(null, text));
    scope.post<{ Params: { lenderId: string }; Body: string | undefined }>(
      BUYER_RETURNS_ROUTE,
      {
        bodyLimit: RETURNS_BODY_LIMIT,
        // A buyer's server has no cookie to copy: its signature is checked instead.
        config: { forgeryCheck: 'signature' },
        schema: { response: { 200: returnRecorded, 201: returnRecorded, '4xx': errorResponse } },
      },
      async (request, reply) => {
        const buyer = byId.get(request.params.lenderId);
        const text = typeof request.body === 'string' ? request.body : '';
        if (!verifySignedRequest(buyer?.signingKeys ?? [], request.headers, text, now())) {
          // The buyer's id only when it is one of ours: the path is the caller's to write.
          request.log.info({ buyerId: buyer?.id }, 'lead return refused: not signed by a known buyer');
          return reply.code(401).send(UNSIGNED);
        }
        const checked = checkReturn(text);
        if (!checked.ok) {
          request.log.info({ buyerId: buyer!.id }, 'lead return refused: invalid body');
          return reply.code(400).send(checked.body);
        }
        const { leadId, reason } = checked;
        const buyerId = buyer!.id;
        const done = await recordReturn(db, { leadId, buyerId, reason, at: new Date(now()) });
        request.log.info({ buyerId, leadId, outcome: done.outcome }, 'lead return');
        switch (done.outcome) {
          case 'recorded':
            return reply.code(201).send({ returned_at: done.returnedAt.toISOString() });
          case 'recorded already':
            return reply.code(200).send({ returned_at: done.returnedAt.toISOString() });
          case 'not received':
            return reply.code(404).send(NOT_RECEIVED);
          case 'window closed':
            return reply.code(409).send(WINDOW_CLOSED);
        }
      },
    );
  });
}
