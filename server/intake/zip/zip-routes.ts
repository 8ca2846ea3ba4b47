/**
 * ZIP lookups in the spec's two shapes:
 * - GET /api/v1/zipcode/validate?zipcode=Z → `[{ "zipcodes": [entry] }]`, or `[]` for an unknown ZIP;
 * - POST /api/lead/check_valid_zipcode `{ "zipcode": Z }` → `{ "data": [{ "zipcodes": [entry] }] }`, or `{ "data": [] }`.
 * A value that is not five digits is refused with 400 naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { checkValidZipcodeResponse, zipcodeValidateResponse } from '../../../contracts/api.ts';
import { CHECK_VALID_ZIPCODE_PATH, ZIPCODE_VALIDATE_PATH } from '../../../contracts/api-paths.ts';
import { ClientError } from '../../platform/http/errors.ts';
import { lookupZip, ZIP_PATTERN, type ZipEntry } from './zip-directory.ts';

const zipcodeOnly = {
  type: 'object',
  required: ['zipcode'],
  properties: { zipcode: { type: 'string', pattern: ZIP_PATTERN } },
  additionalProperties: false,
} as const;

const FIVE_DIGITS = new RegExp(ZIP_PATTERN);

function invalid(message: string): ClientError {
  return new ClientError(400, 'invalid_request', message);
}

/**
 * The lookup's query checked by hand rather than by a querystring schema, first to save CPU (decision 036), now for
 * its refusals, which are the route's answers (decision 034): each names the field and what is wrong.
 */
function zipcodeOf(query: Record<string, unknown>): string {
  let zipcode: unknown;
  for (const name in query) {
    if (name !== 'zipcode') throw invalid(`Unknown query parameter "${name}": only zipcode is taken`);
    zipcode = query[name];
  }
  if (zipcode === undefined) throw invalid('The zipcode parameter is missing');
  if (typeof zipcode !== 'string') throw invalid('zipcode must be given once');
  if (!FIVE_DIGITS.test(zipcode)) throw invalid('zipcode must be five digits');
  return zipcode;
}

/** What both lookups answer for a five-digit ZIP: its entry, or nothing for a ZIP that does not exist. */
function found(zip: string): { zipcodes: ZipEntry[] }[] {
  const entry = lookupZip(zip);
  return entry ? [{ zipcodes: [entry] }] : [];
}

// The handlers return the answer rather than a promise of it: Fastify sends a returned value directly, and a promise
// per request shows in the lookup's throughput (docs/decisions/031-zip-lookup-throughput.md).
// Lookups are logged from warn up: the page asks one per ZIP typed, and their request lines would drown the log and
// cost more than the lookups themselves (decision 031); a lookup that fails on the server is still logged.
const LOG_LEVEL = 'warn';

export function registerZipcodeRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: Record<string, unknown> }>(
    ZIPCODE_VALIDATE_PATH,
    // The answer's shape, so Fastify serializes it with a compiled serializer rather than JSON.stringify.
    { logLevel: LOG_LEVEL, schema: { response: { 200: zipcodeValidateResponse } } },
    (request) => found(zipcodeOf(request.query)),
  );

  app.post<{ Body: { zipcode: string } }>(
    CHECK_VALID_ZIPCODE_PATH,
    { logLevel: LOG_LEVEL, schema: { body: zipcodeOnly, response: { 200: checkValidZipcodeResponse } } },
    (request) => ({ data: found(request.body.zipcode) }),
  );
}
