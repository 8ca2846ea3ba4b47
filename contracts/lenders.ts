/**
 * The participating lenders (site/content/lenders.json): the file's shape, which the page names in the consent text
 * and the server records with each lead, and the rule beyond the schema that each id and each name is listed once. The
 * site's content check and the server's start read the file with these, so a repeat reads alike wherever it is found.
 * Plain objects only: the page imports the types from this module.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaKey } from './content-file.ts';

/** A lender's id: how BUYERS_FILE (the server's settings) names it, and what the server records a lead went to. */
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
              "How the server's settings (BUYERS_FILE) name this lender: 2 to 40 lowercase letters, digits and dashes, starting with a letter (e.g. quillmont). Keep it once it is in use: delivered leads are recorded under it.",
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

export type Lender = LendersFile['lenders'][number];

/** A repeated id or name: where it is in the file (a JSON pointer) and what to change. */
export interface LenderRepeat {
  pointer: string;
  message: string;
}

/** Every id or name that repeats an earlier one, at its pointer, naming where it first appears. */
export function lenderRepeats(lenders: readonly Lender[]): LenderRepeat[] {
  const found: LenderRepeat[] = [];
  for (const key of ['id', 'name'] as const) {
    const first = new Map<string, number>();
    lenders.forEach((lender, index) => {
      const earlier = first.get(lender[key]);
      if (earlier === undefined) {
        first.set(lender[key], index);
        return;
      }
      found.push({
        pointer: `/lenders/${index}/${key}`,
        message: `${JSON.stringify(lender[key])} is listed twice (first at /lenders/${earlier}/${key}): each lender's ${key} must be its own`,
      });
    });
  }
  return found;
}

/** The names, in the file's order: what the consent text shows, and all the page ever receives of the file. */
export function lenderNames(lenders: readonly Lender[]): string[] {
  return lenders.map((lender) => lender.name);
}
