/** GET /api/v1/phone/validate?phone=D10 → `{ "status" }` from the configured phone check. */
import type { FastifyInstance } from 'fastify';
import type { PhoneCheck } from '../phone/phone-check.ts';

const phoneOnly = {
  type: 'object',
  required: ['phone'],
  properties: { phone: { type: 'string', pattern: '^[0-9]{10}$' } },
  additionalProperties: false,
} as const;

export function registerPhoneRoutes(app: FastifyInstance, check: PhoneCheck): void {
  app.get<{ Querystring: { phone: string } }>('/api/v1/phone/validate', { schema: { querystring: phoneOnly } }, async (request) => ({
    status: await check.status(request.query.phone),
  }));
}
