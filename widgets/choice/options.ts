import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    advanceOnSelect: {
      type: 'boolean',
      description: 'Picking a choice submits the step at once, as pressing Next would.',
    },
  },
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type ChoiceOptions = FromSchema<typeof schema>;

export const choiceOptions: TypedOptionsSchema<ChoiceOptions> = schema;
