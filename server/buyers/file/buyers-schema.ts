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

/**
 * The most any amount of money in the file may be, in USD: far above any lead's price, and within what the database's
 * numeric(12,2) columns hold. That the amount has at most 2 decimals is buyer-checks.ts's to say.
 */
export const MOST_USD = 1_000_000;

const usd = (description: string) => ({ type: 'number', minimum: 0, maximum: MOST_USD, description }) as const;

/** pingTimeoutMs's bounds: shorter is no time to answer, longer keeps a lead from its buyers. */
export const PING_TIMEOUT_MS = { min: 50, max: 10_000 } as const;
/** failoverSeconds's ceiling: a day, longer than the retry schedule's first day of attempts. */
export const MOST_FAILOVER_SECONDS = 86_400;

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
    price: usd('What it pays for each lead it accepts, in USD (at most 2 decimals); absent: no stated price'),
    pingEndpoint: url('Where it is asked for a bid on a lead without its personal data: an https:// URL'),
    pingTimeoutMs: {
      type: 'integer',
      minimum: PING_TIMEOUT_MS.min,
      maximum: PING_TIMEOUT_MS.max,
      description: 'How long its answer to a ping is waited for, in milliseconds; default 750',
    },
    minPrice: usd('The lowest bid of its that may win, in USD (at most 2 decimals)'),
  },
  required: ['lender', 'endpoint', 'priority'],
  additionalProperties: false,
} as const;

export const buyersFileSchema = {
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    buyers: { type: 'array', items: buyerSchema, description: 'The companies that buy leads, each for one lender' },
    floorPrice: usd('The least a bid must be for a lead to be sold on it, in USD (at most 2 decimals); default 0'),
    maxBid: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: MOST_USD,
      description: 'Bids above this many USD are not believed (at most 2 decimals); default 1000',
    },
    failoverSeconds: {
      type: 'integer',
      minimum: 1,
      maximum: MOST_FAILOVER_SECONDS,
      description: 'Seconds of failed posts to a buyer after which a lead moves on; default 120',
    },
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
  price?: number;
  pingEndpoint?: string;
  pingTimeoutMs?: number;
  minPrice?: number;
}

/** The file once the schema passed. */
export interface BuyersFileEntry {
  buyers: BuyerEntry[];
  floorPrice?: number;
  maxBid?: number;
  failoverSeconds?: number;
}
