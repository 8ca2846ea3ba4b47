import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    maxLabel: {
      type: 'string',
      minLength: 1,
      description: 'Shown instead of the amount at the top of the range, e.g. "$1M+".',
    },
  },
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type SliderOptions = FromSchema<typeof schema>;

export const sliderOptions: TypedOptionsSchema<SliderOptions> = schema;
