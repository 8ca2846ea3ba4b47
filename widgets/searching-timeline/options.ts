import type { FromSchema } from 'json-schema-to-ts';
import type { OptionsSchema, TypedOptionsSchema } from '../../engine/widget-contract.ts';

/** The trust badges the widget draws itself (Badge.tsx), so the page loads no images from elsewhere. */
export const BADGE_NAMES = ['accredited', 'secure', 'lenders', 'privacy'] as const;

export type BadgeName = (typeof BADGE_NAMES)[number];

const schema = {
  type: 'object',
  properties: {
    headlines: {
      type: 'array',
      minItems: 1,
      description: 'The headline over time: each text shows from its second on. {city} is filled with the city answer.',
      items: {
        type: 'object',
        properties: {
          at: { type: 'number', minimum: 0, description: 'Seconds after the screen opens.' },
          text: { type: 'string', minLength: 1 },
        },
        required: ['at', 'text'],
        additionalProperties: false,
      },
    },
    steps: {
      type: 'array',
      minItems: 1,
      description: 'The search steps, ticked off one by one until the last headline shows.',
      items: { type: 'string', minLength: 1 },
    },
    promise: { type: 'string', minLength: 1, description: 'A reassurance shown under the steps.' },
    logos: {
      type: 'array',
      description: 'Trust badges drawn by the widget, each with its text.',
      items: {
        type: 'object',
        properties: {
          badge: { enum: BADGE_NAMES, description: 'Which drawing: a ribbon, a padlock, a bank or a shield.' },
          alt: { type: 'string', minLength: 1, description: "The badge's text, shown with it and read out." },
        },
        required: ['badge', 'alt'],
        additionalProperties: false,
      },
    },
    confettiSeconds: {
      type: 'number',
      minimum: 0,
      description: 'How long confetti falls when the screen opens (not for visitors who ask for less motion); 0: none.',
    },
    advanceAfterSeconds: {
      type: 'number',
      minimum: 0,
      description: 'When the visitor is taken to the next step, in seconds.',
    },
  },
  required: ['headlines', 'steps', 'advanceAfterSeconds'],
  additionalProperties: false,
} as const satisfies OptionsSchema;

export type SearchingTimelineOptions = FromSchema<typeof schema>;

export const searchingTimelineOptions: TypedOptionsSchema<SearchingTimelineOptions> = schema;
