import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    prefix: { type: 'string', description: 'Shown before the amount; "$" when left out.' },
    maxLength: { type: 'integer', minimum: 1, description: 'Most characters the input takes, separators included.' },
  },
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type CurrencyOptions = FromSchema<typeof schema>;

export const currencyOptions: TypedOptionsSchema<CurrencyOptions> = schema;
