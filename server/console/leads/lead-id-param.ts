/** What the console's routes on one lead share: the `:id` parameter and the answers about it. */
import type { FieldProblem } from '../../platform/http/request-query.ts';

export const byId = {
  params: {
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
    additionalProperties: false,
  },
} as const;

export const BAD_ID: FieldProblem = { field: 'id', keyword: 'format', message: 'id must be a lead id (a UUID)' };
export const NO_SUCH_LEAD = { error: 'not_found', message: 'No lead has this id' } as const;
export const NO_DELIVERY = { error: 'no_delivery', message: 'Lead delivery is not configured on this server' } as const;
