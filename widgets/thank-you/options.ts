import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    field: {
      type: 'string',
      minLength: 1,
      description:
        'The answer holding the thank-you message as HTML, built earlier in the flow with its values escaped.',
    },
    fallback: {
      type: 'string',
      minLength: 1,
      description: 'Plain text shown when that answer is missing.',
    },
    startOver: {
      type: 'string',
      minLength: 1,
      description: 'The label of the button that clears the answers and goes back to the first step.',
    },
  },
  required: ['field', 'fallback', 'startOver'],
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type ThankYouOptions = FromSchema<typeof schema>;

export const thankYouOptions: TypedOptionsSchema<ThankYouOptions> = schema;
