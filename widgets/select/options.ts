import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    alphabetical: {
      type: 'boolean',
      description:
        "Lists the choices in the alphabetical order of their labels in the page's language, so a translated list " +
        'reads in order too; the stored values are the same.',
    },
  },
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type SelectOptions = FromSchema<typeof schema>;

export const selectOptions: TypedOptionsSchema<SelectOptions> = schema;
