import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = { type: 'object', properties: {}, additionalProperties: false } as const satisfies OptionsSchema;

export type SelectOptions = FromSchema<typeof schema>;

export const selectOptions: TypedOptionsSchema<SelectOptions> = schema;
