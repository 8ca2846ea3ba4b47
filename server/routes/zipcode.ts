/**
 * ZIP lookups in the spec's two shapes:
 * - GET /api/v1/zipcode/validate?zipcode=Z → `[{ "zipcodes": [entry] }]`, or `[]` for an unknown ZIP;
 * - POST /api/lead/check_valid_zipcode `{ "zipcode": Z }` → `{ "data": [{ "zipcodes": [entry] }] }`, or `{ "data": [] }`.
 * A value that is not five digits is refused with 400 naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { lookupZip, ZIP_PATTERN, type ZipEntry } from '../zip/zip-directory.ts';

const zipcodeOnly = {
  type: 'object',
  required: ['zipcode'],
  properties: { zipcode: { type: 'string', pattern: ZIP_PATTERN } },
  additionalProperties: false,
} as const;

function found(zip: string): { zipcodes: ZipEntry[] }[] {
  const entry = lookupZip(zip);
  return entry ? [{ zipcodes: [entry] }] : [];
}

export function registerZipcodeRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { zipcode: string } }>(
    '/api/v1/zipcode/validate',
    { schema: { querystring: zipcodeOnly } },
    async (request) => found(request.query.zipcode),
  );

  app.post<{ Body: { zipcode: string } }>(
    '/api/lead/check_valid_zipcode',
    { schema: { body: zipcodeOnly } },
    async (request) => ({ data: found(request.body.zipcode) }),
  );
}
