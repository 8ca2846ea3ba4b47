import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    from: {
      type: 'integer',
      minimum: 1000,
      maximum: 9999,
      description: 'The earliest year offered; the list runs from the current year back to it.',
    },
  },
  required: ['from'],
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type YearSelectOptions = FromSchema<typeof schema>;

export const yearSelectOptions: TypedOptionsSchema<YearSelectOptions> = schema;
