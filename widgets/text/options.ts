import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    trim: {
      type: 'boolean',
      description: 'Leaving the input removes spaces around the answer, so "  Acme " is kept as "Acme".',
    },
    inputType: {
      enum: ['text', 'email', 'tel'],
      description: 'The kind of text, which picks the keyboard phones show; "text" when left out.',
    },
  },
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type TextOptions = FromSchema<typeof schema>;

export const textOptions: TypedOptionsSchema<TextOptions> = schema;
