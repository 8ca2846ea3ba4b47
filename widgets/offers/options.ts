import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    offers: {
      type: 'array',
      minItems: 1,
      description: 'The products to suggest, in the order shown.',
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, description: 'The name of the offer.' },
          text: { type: 'string', minLength: 1, description: 'One or two sentences about it.' },
        },
        required: ['title', 'text'],
        additionalProperties: false,
      },
    },
  },
  required: ['offers'],
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type OffersOptions = FromSchema<typeof schema>;

export const offersOptions: TypedOptionsSchema<OffersOptions> = schema;
