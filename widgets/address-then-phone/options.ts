import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    reveal: {
      type: 'string',
      minLength: 1,
      description: 'Label of the first button: it checks the address, then shows the phone field.',
    },
    submit: {
      type: 'string',
      minLength: 1,
      description: 'Label of the button that replaces the first one once the phone field shows; it submits the step.',
    },
    loaderSeconds: {
      type: 'number',
      minimum: 0,
      maximum: 10,
      description: 'How long the address check is shown before the phone field appears, in seconds.',
    },
    loaderText: {
      type: 'string',
      minLength: 1,
      description: 'Read out and shown while the address is being checked.',
    },
    statePlaceholder: {
      type: 'string',
      minLength: 1,
      description: 'The first, disabled option of the state list.',
    },
    zipNotFound: {
      type: 'string',
      minLength: 1,
      description:
        'The error on the ZIP code when the ZIP lookup does not know it. A ZIP code outside the served area (a US ' +
        'territory\'s) gets the flow\'s "outsideServedArea" message instead.',
    },
    phoneMask: {
      type: 'string',
      pattern: '^[^0-9]*0(?:[^0-9]*0)*[^0-9]*$',
      description:
        'How the phone number shows while typed: each 0 stands for a digit, other characters are added as typed.',
    },
  },
  required: ['reveal', 'submit', 'loaderSeconds', 'loaderText', 'statePlaceholder', 'zipNotFound', 'phoneMask'],
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type AddressThenPhoneOptions = FromSchema<typeof schema>;

export const addressThenPhoneOptions: TypedOptionsSchema<AddressThenPhoneOptions> = schema;
