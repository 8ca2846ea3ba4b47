/**
 * Content file shapes the site and the server share, as plain JSON Schema: the `$schema` key every content file
 * starts with, and the participating lenders (site/content/lenders.json), which the page names in the consent text
 * and the server records with each lead, so both read the file with one definition.
 * Plain objects only: the page imports the types from this module.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** The `$schema` key every content file starts with; `name` is the file's name without `.json`. */
export function schemaKey<Name extends string>(name: Name) {
  return {
    type: 'string',
    const: `./schemas/${name}.schema.json`,
    description: 'Lets editors check this file while it is typed; leave it as it is.',
  } as const;
}

/** A lender's id: how LENDERS_FILE (the server's settings) names it, and what the server records a lead went to. */
export const LENDER_ID_PATTERN = '^[a-z][a-z0-9-]{1,39}$';

export const lendersFile = {
  title: 'Participating lenders',
  description: 'The lenders named in the consent a visitor gives when sending the form.',
  type: 'object',
  properties: {
    $schema: schemaKey('lenders'),
    lenders: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          id: {
            type: 'string',
            pattern: LENDER_ID_PATTERN,
            description:
              "How the server's settings (LENDERS_FILE) name this lender: 2 to 40 lowercase letters, digits and dashes, starting with a letter (e.g. quillmont). Keep it once it is in use: delivered leads are recorded under it.",
          },
          name: {
            type: 'string',
            minLength: 1,
            maxLength: 80,
            description: "The lender's name as it appears in the consent.",
          },
        },
        required: ['id', 'name'],
        additionalProperties: false,
      },
      description: 'Every lender that may contact the visitor, each named once, in the order the consent names them.',
    },
  },
  required: ['$schema', 'lenders'],
  additionalProperties: false,
} as const;
export type LendersFile = FromSchema<typeof lendersFile>;
