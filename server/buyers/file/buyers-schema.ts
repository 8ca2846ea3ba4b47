/**
 * The shape of BUYERS_FILE (docs/buyers.md), as plain JSON Schema checked with ajv at start. What a shape cannot say
 * (a lender id that site/content/lenders.json lacks, a state code, a secret, a time zone, `from` after `to`) is checked
 * beside it in buyers-file.ts, so every mistake is named with its buyer and field at once.
 */
import { LENDER_ID_PATTERN } from '../../../contracts/lenders.ts';
import { WEEKDAYS } from '../routing/eligibility.ts';

const TIME = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
/** `to` may be 24:00: up to midnight. */
const END_TIME = '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$';

const url = (description: string) => ({ type: 'string', minLength: 1, description }) as const;

const values = (description: string) =>
  ({ type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', minLength: 1 }, description }) as const;

const range = (type: 'number' | 'integer', description: string) =>
  ({
    type: 'object',
    properties: { min: { type, minimum: 0 }, max: { type, minimum: 0 } },
    additionalProperties: false,
    description,
  }) as const;

const positive = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;

export const buyerSchema = {
  type: 'object',
  properties: {
    lender: {
      type: 'string',
      pattern: LENDER_ID_PATTERN,
      description: "The lender's id in site/content/lenders.json, which gives its name",
    },
    endpoint: url('Where its leads are POSTed: an https:// URL'),
    secrets: {
      type: 'array',
      items: { type: 'string' },
      description: 'Its whsec_ signing secrets, newest first (npm run leads -- new-secret makes one)',
    },
    priority: positive('1 goes first; equal priorities go in the order of this file'),
    timeZone: { type: 'string', minLength: 1, description: 'The IANA time zone of its hours and its caps' },
    filters: {
      type: 'object',
      properties: {
        states: values('Two-letter state codes of the businesses it takes'),
        amount: range('number', 'The amounts it takes, in dollars, both ends included'),
        creditScores: values('The credit_score values it takes, as the flow offers them'),
        monthsInBusiness: range('integer', 'The whole months in business it takes, both ends included'),
        loanPurposes: values('The loan_purpose values it takes, as the flow offers them'),
        flowVersions: values('The flow versions (v1, v2, ...) whose leads it takes'),
      },
      additionalProperties: false,
    },
    schedule: {
      type: 'object',
      properties: {
        days: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', enum: WEEKDAYS },
          description: 'The days it takes leads',
        },
        from: { type: 'string', pattern: TIME, description: 'When its hours start, 24-hour HH:MM, like 08:00' },
        to: {
          type: 'string',
          pattern: END_TIME,
          description: 'When its hours end, 24-hour HH:MM (excluded), like 18:00',
        },
      },
      required: ['days', 'from', 'to'],
      additionalProperties: false,
    },
    caps: {
      type: 'object',
      properties: {
        perDay: positive('Most leads per day, in its time zone'),
        perMonth: positive('Most leads per month, in its time zone'),
      },
      additionalProperties: false,
    },
    dedupeDays: {
      type: 'integer',
      minimum: 1,
      maximum: 365,
      description: 'Skip a lead whose email or phone it received within this many days',
    },
    fieldMap: {
      type: 'object',
      additionalProperties: { type: 'string', minLength: 1, maxLength: 100 },
      description: "Lead field -> its name in the buyer's system",
    },
    eventsEndpoint: url('Where lead.revoked events are POSTed; default: endpoint'),
  },
  required: ['lender', 'endpoint', 'priority'],
  additionalProperties: false,
} as const;

export const buyersFileSchema = {
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    buyers: { type: 'array', items: buyerSchema, description: 'The companies that buy leads, each for one lender' },
  },
  required: ['buyers'],
  additionalProperties: false,
} as const;

/** A buyer as written in the file, once the schema passed. */
export interface BuyerEntry {
  lender: string;
  endpoint: string;
  secrets?: string[];
  priority: number;
  timeZone?: string;
  filters?: {
    states?: string[];
    amount?: { min?: number; max?: number };
    creditScores?: string[];
    monthsInBusiness?: { min?: number; max?: number };
    loanPurposes?: string[];
    flowVersions?: string[];
  };
  schedule?: { days: (typeof WEEKDAYS)[number][]; from: string; to: string };
  caps?: { perDay?: number; perMonth?: number };
  dedupeDays?: number;
  fieldMap?: Record<string, string>;
  eventsEndpoint?: string;
}
