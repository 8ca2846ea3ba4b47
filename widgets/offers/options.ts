import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

const schema = {
  type: 'object',
  properties: {
    offers: {
      type: 'array',
      minItems: 1,
      description: 'The products to suggest, in the order shown, each with a link to the partner who offers it.',
      items: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
            // The funnel's event shape (contracts/funnel.ts) takes an offer id of this form.
            pattern: '^[A-Za-z0-9_-]{1,64}$',
            description:
              'A name for the offer in the reports, kept when its texts change: letters, digits, "-" and "_", ' +
              'at most 64, e.g. "personal-loans".',
          },
          title: { type: 'string', minLength: 1, description: 'The name of the offer.' },
          text: { type: 'string', minLength: 1, description: 'One or two sentences about it.' },
          url: {
            type: 'string',
            pattern: '^https://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+(:[0-9]{1,5})?([/?#][^\\s]*)?$',
            description:
              "The partner's page the link opens in a new tab, exactly as written: an https:// address with its " +
              'tracking parameters, e.g. "https://partners.example.com/personal-loans?utm_source=fundflow".',
          },
          linkText: {
            type: 'string',
            minLength: 1,
            description: 'The text of the link, saying where it leads, e.g. "See personal loans".',
          },
        },
        required: ['id', 'title', 'text', 'url', 'linkText'],
        additionalProperties: false,
      },
    },
    newTab: {
      type: 'string',
      minLength: 1,
      description:
        'Read by screen readers after each link text, never shown: the links open a new tab, e.g. ' +
        '"(opens in a new tab)".',
    },
  },
  required: ['offers', 'newTab'],
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type OffersOptions = FromSchema<typeof schema>;

export const offersOptions: TypedOptionsSchema<OffersOptions> = schema;
