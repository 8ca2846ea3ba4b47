/**
 * The shapes of the API the page calls, as plain JSON Schema: the server declares its routes' responses with these
 * and the page's client takes its types from them (FromSchema), so both sides read one definition. The paths and
 * header names are in api-paths.ts.
 * Plain objects only: this module is bundled into the page's later steps.
 */
import type { FromSchema } from 'json-schema-to-ts';

const zipcodeEntry = {
  type: 'object',
  properties: {
    default_city: { type: 'string' },
    state_abbreviation: { type: 'string' },
    zipcode: { type: 'string' },
  },
  required: ['default_city', 'state_abbreviation', 'zipcode'],
  additionalProperties: false,
} as const;

const zipcodeGroup = {
  type: 'object',
  properties: { zipcodes: { type: 'array', items: zipcodeEntry } },
  required: ['zipcodes'],
  additionalProperties: false,
} as const;

/** GET /api/v1/zipcode/validate?zipcode=Z: one group with the ZIP's place, or [] for an unknown ZIP. */
export const zipcodeValidateResponse = { type: 'array', items: zipcodeGroup, maxItems: 1 } as const;
export type ZipcodeValidateResponse = FromSchema<typeof zipcodeValidateResponse>;

/** POST /api/lead/check_valid_zipcode {zipcode}. */
export const checkValidZipcodeResponse = {
  type: 'object',
  properties: { data: zipcodeValidateResponse },
  required: ['data'],
  additionalProperties: false,
} as const;
export type CheckValidZipcodeResponse = FromSchema<typeof checkValidZipcodeResponse>;

/** GET /api/v1/phone/validate?phone=D10: "connected" (or "connected-75") for a number that can be reached. */
export const phoneValidateResponse = {
  type: 'object',
  properties: { status: { type: 'string' } },
  required: ['status'],
  additionalProperties: false,
} as const;
export type PhoneValidateResponse = FromSchema<typeof phoneValidateResponse>;

/** The phone-check statuses that count as a valid number. */
export const CONNECTED_STATUSES: readonly string[] = ['connected', 'connected-75'];

/** GET /api/v1/remote/address: the visitor's IP address as the server sees it. */
export const remoteAddressResponse = {
  type: 'object',
  properties: { address: { type: 'string' } },
  required: ['address'],
  additionalProperties: false,
} as const;
export type RemoteAddressResponse = FromSchema<typeof remoteAddressResponse>;

/**
 * A thank-you message. The page escapes the visitor's details as it fills them in; the descriptions here also guide
 * whoever edits server/page/content/thank-you.json.
 */
const template = {
  type: 'object',
  properties: {
    template: {
      type: 'string',
      description:
        'The message as HTML (the tags allowed are listed in server/page/content/README.md). {first_name}, {last_name} ' +
        "and {phone} become the visitor's details: names capitalised, the phone as (xxx) xxx-xxxx.",
    },
  },
  required: ['template'],
  additionalProperties: false,
} as const;

/** A time of day as HH:MM on the 24-hour clock, with what it means. */
const clockTime = (description: string) =>
  ({ type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description }) as const;

/** The days of the week, as business_days names them (in the order of the week, from Monday). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * GET /api/v1/content/thank-you: when the advisors work and what to say in and out. The spec's answer has the start
 * and end times (Los Angeles time, inclusive); the days, holidays and time zone are optional additions, and without
 * them every day is a working day on the Los Angeles clock, as the spec has it. `?language=es` answers the texts in
 * that language (English without it; a language the server has no texts in is a 400 naming `language`).
 */
export const thankYouSettings = {
  type: 'object',
  properties: {
    specify_business_hours: {
      type: 'object',
      description:
        "The advisors' working hours, both ends included, on the working days: inside them the page shows " +
        'business_hours_settings, outside them (and all day on other days and holidays) non_business_hours_settings.',
      properties: {
        start_time: clockTime(
          'When the working day starts: HH:MM on the 24-hour clock, in time_zone (Los Angeles time without it), ' +
            'e.g. "08:00".',
        ),
        end_time: clockTime(
          'When the working day ends (that minute still counts): HH:MM on the 24-hour clock, in time_zone (Los ' +
            'Angeles time without it), e.g. "17:00" for 5 pm; not before start_time.',
        ),
        time_zone: {
          type: 'string',
          pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$',
          description:
            'The time zone the hours, days and holidays are in, as the tz database names it, e.g. ' +
            '"America/New_York"; without it, "America/Los_Angeles".',
        },
        business_days: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', enum: WEEKDAYS },
          description:
            'The days of the week the advisors work, in lower case, e.g. ["monday", "tuesday", "wednesday", ' +
            '"thursday", "friday"]; without it, every day.',
        },
        holidays: {
          type: 'array',
          uniqueItems: true,
          items: {
            type: 'string',
            pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
            description: 'A day off as YYYY-MM-DD, e.g. "2026-12-25" for Christmas Day 2026.',
          },
          description: 'Dates the advisors do not work, even on a working day, as YYYY-MM-DD in time_zone.',
        },
      },
      required: ['start_time', 'end_time'],
      additionalProperties: false,
    },
    business_hours_settings: {
      description: 'The message shown to a visitor who finishes the form inside the working hours.',
      ...template,
    },
    non_business_hours_settings: {
      description: 'The message shown to a visitor who finishes the form outside the working hours.',
      ...template,
    },
  },
  required: ['specify_business_hours', 'business_hours_settings', 'non_business_hours_settings'],
  additionalProperties: false,
} as const;
export type ThankYouSettings = FromSchema<typeof thankYouSettings>;

/**
 * GET /api/v1/content/home-popup: whether the start screen opens a popup, and its content, which the page shows as
 * HTML as it comes (the server has cut it to an allowlist). `?language=es` as for the thank-you settings.
 */
export const homePopup = {
  type: 'object',
  properties: {
    home_popup_model: {
      type: 'boolean',
      description: 'Whether the start screen opens the popup: true opens it once per page load, false never.',
    },
    model_content: {
      type: 'string',
      description:
        "The popup's content as HTML, cut to the tags listed in server/page/content/README.md (headings h2 to h4, " +
        'paragraphs, emphasis, lists, links, images); anything else is removed and the server log says so.',
    },
    button_text: { type: 'string', description: 'The label of the button that closes the popup, e.g. "Get started".' },
  },
  required: ['home_popup_model', 'model_content', 'button_text'],
  additionalProperties: false,
} as const;
export type HomePopup = FromSchema<typeof homePopup>;

/** 201 from POST /api/v1/leads/trigger: the lead is stored and queued for delivery. */
export const leadAccepted = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    consent: {
      type: 'object',
      description: "The consent recorded with the lead: the text's version and the SHA-256 (hex) of the words shown.",
      properties: { version: { type: 'string' }, sha256: { type: 'string' } },
      required: ['version', 'sha256'],
      additionalProperties: false,
    },
  },
  required: ['id', 'consent'],
  additionalProperties: false,
} as const;
export type LeadAccepted = FromSchema<typeof leadAccepted>;

/** POST /api/v1/trustedform/claim: whether the consent certificate was claimed (false: claims are not configured). */
export const claimResponse = {
  type: 'object',
  properties: { claimed: { type: 'boolean' } },
  required: ['claimed'],
  additionalProperties: false,
} as const;
export type ClaimResponse = FromSchema<typeof claimResponse>;

/**
 * 200 from POST /api/v1/privacy/opt-out: the opt-out is stored. It says nothing more, whatever leads the contact
 * matches: the answer must not tell anyone whether an email or a phone number is known here.
 */
export const optOutRecorded = {
  type: 'object',
  properties: { recorded: { type: 'boolean', const: true } },
  required: ['recorded'],
  additionalProperties: false,
} as const;
export type OptOutRecorded = FromSchema<typeof optOutRecorded>;

/** Every 4xx answer: a code, a sentence, and for invalid fields one entry per field and rule. */
export const errorResponse = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    fields: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, keyword: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'keyword', 'message'],
        additionalProperties: false,
      },
    },
  },
  required: ['error', 'message'],
  additionalProperties: false,
} as const;
export type ErrorResponse = FromSchema<typeof errorResponse>;
