/** GET /api/v1/phone/validate?phone=D10 → `{ "status" }` from the configured phone check. */
import type { FastifyInstance } from 'fastify';
import { PHONE_CHECK_PATH } from '../../../contracts/api-paths.ts';
import type { PhoneCheck } from './phone-check.ts';

const phoneOnly = {
  type: 'object',
  required: ['phone'],
  properties: { phone: { type: 'string', pattern: '^[0-9]{10}$' } },
  additionalProperties: false,
} as const;

export function registerPhoneRoutes(app: FastifyInstance, check: PhoneCheck): void {
  app.get<{ Querystring: { phone: string } }>(
    PHONE_CHECK_PATH,
    { config: { rateLimit: 'phone' }, schema: { querystring: phoneOnly } },
    async (request) => ({
      status: await check.status(request.query.phone),
    }),
  );
}
