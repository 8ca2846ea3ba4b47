/**
 * The first-party funnel: the step events the page reports (`POST /api/events`, sent with navigator.sendBeacon) and
 * the funnel the console reads back (`GET /api/admin/funnel`). Events carry a flow version, step ids, a random visit
 * id, a device class, the page's language and the campaign the visit came from: never an answer, an address or anything else personal.
 * Plain objects only: the page's and the console's bundles import this module.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { CONSOLE_API } from './console.ts';
import { EVENTS_PATH, MAX_EVENTS_PER_BATCH, VISIT_PATTERN } from './funnel-beacon.ts';

export { EVENTS_PATH, MAX_EVENTS_PER_BATCH };
export const FUNNEL_PATH = `${CONSOLE_API}/funnel`;
export const FUNNEL_CSV_PATH = `${CONSOLE_API}/funnel.csv`;

/**
 * view: a step's screen was shown; advance: the visitor moved on from it (the next step was shown, or the lead was
 * stored); back: went back from it; leave: the page was hidden or closed while it was shown; lead: the lead was
 * stored on this step; offer: an offer on this step was opened (`offer` names it).
 */
export const EVENT_TYPES = ['view', 'advance', 'back', 'leave', 'lead', 'offer'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** By the width of the screen: phone below 768 CSS px, tablet below 1024, desktop from there. */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const id = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;

/** The language of a batch sent without one (a page from before languages): English. */
export const DEFAULT_VISIT_LANGUAGE = 'en';
const campaign = { type: 'string', maxLength: 256 } as const;

const stepEvent = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: EVENT_TYPES },
    step: id,
    /** When it happened, in milliseconds since 1970 by the visitor's clock (only differences within a visit count). */
    at: { type: 'integer', minimum: 0 },
    /** offer events only: the offer's id from the flow file. */
    offer: id,
  },
  required: ['type', 'step', 'at'],
  additionalProperties: false,
} as const;
export type StepEvent = FromSchema<typeof stepEvent>;

/**
 * The body of POST /api/events. `xsrf` is the XSRF-TOKEN cookie's value (a beacon cannot set a header, so the
 * double-submit token travels in the body). `honeypot` is true when the form's hidden trap field was filled: the
 * visit is a bot's.
 */
export const eventBatch = {
  type: 'object',
  properties: {
    xsrf: { type: 'string', maxLength: 256 },
    /** Random, kept for the tab's session (sessionStorage): a reload or a return in the same tab is the same visit. */
    visit: { type: 'string', pattern: VISIT_PATTERN },
    flow_version: id,
    device: { type: 'string', enum: DEVICE_CLASSES },
    utm_source: campaign,
    utm_medium: campaign,
    utm_campaign: campaign,
    /** The page's language (its `<html lang>`: "en", "es"); a visit's is its first event's. */
    language: { type: 'string', pattern: '^[a-z]{2}$' },
    honeypot: { type: 'boolean' },
    events: { type: 'array', minItems: 1, maxItems: MAX_EVENTS_PER_BATCH, items: stepEvent },
  },
  required: ['xsrf', 'visit', 'flow_version', 'device', 'events'],
  additionalProperties: false,
} as const;
export type EventBatch = FromSchema<typeof eventBatch>;

const count = { type: 'integer', minimum: 0 } as const;

/** One step of a version's funnel, in the flow file's order. */
const funnelStep = {
  type: 'object',
  properties: {
    step: { type: 'string' },
    /** Visitors who saw the step at least once. */
    views: count,
    /** Visitors who moved on from it at least once. */
    advanced: count,
    /** Visitors whose visit ended on this step without a lead: they left the flow here. */
    exits: count,
    /** exits / views (0 when nobody saw it): right for a branching flow, where a step's views are not the last's. */
    drop_off: { type: 'number', minimum: 0, maximum: 1 },
    /** Median time from the step shown to the visitor moving on, going back or leaving; null without any. */
    median_seconds: { type: ['number', 'null'] },
  },
  required: ['step', 'views', 'advanced', 'exits', 'drop_off', 'median_seconds'],
  additionalProperties: false,
} as const;
export type FunnelStep = FromSchema<typeof funnelStep>;

/** A proportion with its 95 % Wilson score interval (0, 0 and 0 when there is nobody to count). */
const proportion = {
  type: 'object',
  properties: {
    rate: { type: 'number', minimum: 0, maximum: 1 },
    low: { type: 'number', minimum: 0, maximum: 1 },
    high: { type: 'number', minimum: 0, maximum: 1 },
  },
  required: ['rate', 'low', 'high'],
  additionalProperties: false,
} as const;
export type Proportion = FromSchema<typeof proportion>;

/** An amount of US dollars, exact, as the database's numeric sums it: "1234.50", always two decimals, never a float. */
const usd = { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' } as const;

/**
 * Revenue per visitor (the marketer's EPV), in US dollars: revenue / visitors, with its 95 % interval, a normal
 * approximation on the revenue of each visit (docs/decisions/141-revenue-per-visitor.md). The interval is null below
 * MIN_SALES_FOR_INTERVAL visitors whose leads sold, where that approximation would claim more than it knows.
 */
const revenuePerVisitor = {
  type: 'object',
  properties: {
    mean: { type: 'number', minimum: 0 },
    low: { type: ['number', 'null'], minimum: 0 },
    high: { type: ['number', 'null'], minimum: 0 },
  },
  required: ['mean', 'low', 'high'],
  additionalProperties: false,
} as const;
export type RevenuePerVisitor = FromSchema<typeof revenuePerVisitor>;

/** Sales below this many give revenue per visitor no interval (decision 141: measured, its coverage falls short). */
export const MIN_SALES_FOR_INTERVAL = 10;

/** A visit's money: what its counted leads sold for, a lead its buyer returned left out. */
const revenueProperties = {
  /** The visitors' revenue. */
  revenue: usd,
  /** Visitors whose leads sold at a price and were kept: the sales behind the revenue. */
  sold: count,
  revenue_per_visitor: revenuePerVisitor,
} as const;

/** One campaign (utm_campaign; '' for visits that came without one) of the version, with the same filters. */
const funnelCampaign = {
  type: 'object',
  properties: {
    utm_campaign: { type: 'string' },
    visitors: count,
    leads: count,
    conversion: proportion,
    ...revenueProperties,
  },
  required: ['utm_campaign', 'visitors', 'leads', 'conversion', 'revenue', 'sold', 'revenue_per_visitor'],
  additionalProperties: false,
} as const;
export type FunnelCampaign = FromSchema<typeof funnelCampaign>;

/**
 * GET /api/admin/funnel?version=v1&from=YYYY-MM-DD&to=YYYY-MM-DD&utm_source=&utm_campaign=&device=&language=: one
 * version's funnel (`to` inclusive, dates in UTC; `language` a code such as "es", every language without one). Visits
 * the honeypot or the rate marked as bots are left out.
 */
export const funnelResponse = {
  type: 'object',
  properties: {
    version: { type: 'string' },
    from: { type: ['string', 'null'], format: 'date' },
    to: { type: ['string', 'null'], format: 'date' },
    /** Visits that saw at least one step of the version. */
    visitors: count,
    /** Visits that stored a lead. */
    leads: count,
    /** leads / visitors. */
    conversion: proportion,
    ...revenueProperties,
    /** Its campaigns, most visitors first. */
    campaigns: { type: 'array', items: funnelCampaign },
    steps: { type: 'array', items: funnelStep },
  },
  required: [
    'version',
    'from',
    'to',
    'visitors',
    'leads',
    'conversion',
    'revenue',
    'sold',
    'revenue_per_visitor',
    'campaigns',
    'steps',
  ],
  additionalProperties: false,
} as const;
export type FunnelResponse = FromSchema<typeof funnelResponse>;
