import type { OptionsSchema } from '../../engine/widget-contract.ts';

export const selectOptions = { type: 'object', properties: {}, additionalProperties: false } as const satisfies OptionsSchema;
