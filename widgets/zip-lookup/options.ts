import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    notFound: {
      type: 'string',
      minLength: 1,
      description:
        'The error shown when the lookup knows no such ZIP code; it blocks Next until the ZIP changes. A ZIP code ' +
        'outside the served area (a US territory\'s) shows the flow\'s "outsideServedArea" message instead.',
    },
    found: {
      type: 'string',
      minLength: 1,
      description: 'Shown under the input once the ZIP code is found; {city}, {state} and {zipcode} are filled in.',
    },
    save: {
      type: 'object',
      description:
        'Parts of the found place to save as other answers: part ("city", "state" or "zipcode") to answer name. ' +
        'An unknown ZIP code removes those answers.',
      propertyNames: { enum: ['city', 'state', 'zipcode'] },
      additionalProperties: { type: 'string', minLength: 1 },
    },
  },
  required: ['notFound', 'found'],
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type ZipLookupOptions = FromSchema<typeof schema>;

export const zipLookupOptions: TypedOptionsSchema<ZipLookupOptions> = schema;
