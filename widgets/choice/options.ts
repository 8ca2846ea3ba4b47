import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema } from '../../engine/widget-contract.ts';

export const choiceOptions = {
  type: 'object',
  properties: {
    advanceOnSelect: {
      type: 'boolean',
      description: 'Picking a choice submits the step at once, as pressing Next would.',
    },
  },
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type ChoiceOptions = FromSchema<typeof choiceOptions>;
