/**
 * POST /api/v1/privacy/opt-out `{ "email" }`, `{ "phone" }` or both: the "Do Not Sell My Information" request.
 * 200 `{ "recorded": true }` once the opt-out is stored; leads with that email or phone are held back from buyers
 * from then on, those already stored and not yet delivered included, and every buyer that already received one is
 * told (RevokeFromBuyers). 400 names every bad field. The answer is the same whether or not any lead carries the
 * contact.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponse, type ErrorResponse, optOutRecorded } from '../../contracts/api.ts';
import { OPT_OUT_PATH } from '../../contracts/api-paths.ts';
import { checkOptOut } from '../../contracts/opt-out.ts';
import type { Database } from '../platform/db/types.ts';
import { invalidFieldsBody } from '../platform/http/errors.ts';
import { optOutAndRevoke, type RevokeFromBuyers } from './opt-out-revocations.ts';

/** An email address and a phone number with room to spare. */
const OPT_OUT_BODY_LIMIT = 4096;

function refusal(fields: NonNullable<ErrorResponse['fields']>): ErrorResponse {
  if (fields.length === 0) return { error: 'invalid_opt_out', message: 'The request must be a JSON object', fields };
  return invalidFieldsBody('invalid_opt_out', 'The opt-out', fields);
}

/** Without `revoke` (no delivery configured) the opt-out is recorded and no buyer is told. */
export async function registerOptOutRoutes(
  app: FastifyInstance,
  db: Database,
  revoke?: RevokeFromBuyers,
): Promise<void> {
  // Its own scope, so the content types it refuses stay refused here only.
  await app.register(async (scope) => {
    // JSON only: text/plain (which Fastify otherwise reads as a string) gets 415 like any other type.
    scope.removeContentTypeParser('text/plain');
    scope.post(
      OPT_OUT_PATH,
      {
        bodyLimit: OPT_OUT_BODY_LIMIT,
        config: { rateLimit: 'leads' },
        schema: { response: { 200: optOutRecorded, '4xx': errorResponse } },
      },
      async (request, reply) => {
        const checked = checkOptOut(request.body);
        if (!checked.ok) {
          request.log.info({ fields: checked.fields.map((field) => field.field) }, 'opt-out refused');
          return reply.code(400).send(refusal(checked.fields));
        }
        const revocations = await optOutAndRevoke(db, checked.contact, revoke);
        // How many buyers are told stays in the log: the answer must not say whether the contact had leads.
        request.log.info({ kinds: Object.keys(checked.contact), revocations }, 'opt-out recorded');
        return { recorded: true as const };
      },
    );
  });
}
