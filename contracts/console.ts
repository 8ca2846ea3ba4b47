/**
 * The operators' console API (`/api/admin/...`): its paths, roles and answers as plain JSON Schema. The server declares
 * its routes' responses with these (Fastify's serializer drops any property a schema does not name, so a marketer's
 * answer cannot carry a field it was not meant to) and the console's pages take their types from them.
 * Plain objects only: the console's bundle imports this module.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from './accounts.ts';

export const ROLES = ['admin', 'operator', 'marketer'] as const;
/** admin: everything, users and the audit log; operator: leads, delivery, exports; marketer: counts, no personal data. */
export type Role = (typeof ROLES)[number];

export const CONSOLE_API = '/api/admin';
export const SESSION_PATH = `${CONSOLE_API}/session`;
/** POST `{ current_password, new_password }`: the signed-in user's own password (any role). */
export const PASSWORD_PATH = `${SESSION_PATH}/password`;
export const LEADS_PATH = `${CONSOLE_API}/leads`;
export const LEADS_CSV_PATH = `${CONSOLE_API}/leads.csv`;
export const COUNTS_PATH = `${CONSOLE_API}/counts`;
export const USERS_PATH = `${CONSOLE_API}/users`;
export const AUDIT_PATH = `${CONSOLE_API}/audit`;
export const INVITATIONS_PATH = `${CONSOLE_API}/invitations`;
/**
 * The Lenders page's report of the buyers: the path keeps the page's word (docs/decisions/074-one-word-for-a-buyer.md).
 */
export const BUYERS_REPORT_PATH = `${CONSOLE_API}/lenders`;

/** The console's own pages: sign-in and the leads at the root, an invitation's password form under invite/. */
export const CONSOLE_PAGE = '/admin';
export const invitationPage = (token: string) => `${CONSOLE_PAGE}/invite/${token}`;
/** A password-reset link's form (one-time, an hour): the token is the credential, like an invitation's. */
export const PASSWORD_RESETS_PATH = `${CONSOLE_API}/password-resets`;
export const passwordResetPage = (token: string) => `${CONSOLE_PAGE}/reset/${token}`;
/** The signed-in user's own page: their password. */
export const ACCOUNT_PAGE = `${CONSOLE_PAGE}/account`;
/** POST, admins: lifts the sign-in locks of a user's account (every address, and its ceiling). */
export const userUnlockPath = (userId: string) => `${USERS_PATH}/${userId}/unlock`;
/** POST, admins: a new password-reset link for a user (the one before it stops working). */
export const userPasswordResetPath = (userId: string) => `${USERS_PATH}/${userId}/password-reset`;

/**
 * Paths whose next segment is a one-time credential (an invitation's or a password reset's token). Whoever reads a
 * log, or a Referer another site received, could use it: the server's log shows these paths with the token replaced.
 */
export const TOKEN_PATH_PREFIXES: readonly string[] = [
  `${CONSOLE_PAGE}/invite/`,
  `${INVITATIONS_PATH}/`,
  `${CONSOLE_PAGE}/reset/`,
  `${PASSWORD_RESETS_PATH}/`,
];

/** Who may call each group of routes; every other signed-in user gets 403, anyone signed out 401. */
export const ACCESS = {
  session: ROLES,
  leads: ['admin', 'operator'],
  counts: ROLES,
  /** The funnel: counts of visits and steps, no person; marketers and above. */
  funnel: ROLES,
  users: ['admin'],
  audit: ['admin'],
  /** The Lenders page: the buyers' rules, caps and counts; no lead, no person, but not a marketer's business. */
  lenders: ['admin', 'operator'],
  /** The flow studio's versions, drafts and numbers (contracts/flow-studio.ts): everyone may read them. */
  flows: ROLES,
  /** Drafts, publishing, the split test's weights, retiring: what visitors are shown, a marketer's work and an admin's. */
  flowChanges: ['admin', 'marketer'],
} as const satisfies Record<string, readonly Role[]>;

const role = { type: 'string', enum: ROLES } as const;
const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableString = { type: ['string', 'null'] } as const;

/** The signed-in user, as GET and POST /api/admin/session answer it. */
export const consoleUser = {
  type: 'object',
  properties: { id: { type: 'string' }, email: { type: 'string' }, role },
  required: ['id', 'email', 'role'],
  additionalProperties: false,
} as const;
export type ConsoleUser = FromSchema<typeof consoleUser>;

/** POST /api/admin/session `{ email, password }`: signs in. */
export const signInBody = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: MAX_EMAIL_LENGTH },
    password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
  },
  required: ['email', 'password'],
  additionalProperties: false,
} as const;
export type SignInBody = FromSchema<typeof signInBody>;

/**
 * Where the session stands with the second factor (docs/decisions/065-console-second-factor.md): `pending` is 'code'
 * while a sign-in still needs its authentication code, 'set-up' while an admin who must have a second factor has none
 * (the session can do nothing else until then), null once neither is needed. `enabled`: the user has a second factor;
 * `required`: the console requires one of them; `recovery_codes_left`: unused recovery codes.
 */
export const SECOND_FACTOR_STEPS = ['code', 'set-up'] as const;
export type SecondFactorStep = (typeof SECOND_FACTOR_STEPS)[number];
const sessionSecondFactor = {
  type: 'object',
  properties: {
    pending: { type: ['string', 'null'], enum: [...SECOND_FACTOR_STEPS, null] },
    enabled: { type: 'boolean' },
    required: { type: 'boolean' },
    recovery_codes_left: { type: 'integer' },
  },
  required: ['pending', 'enabled', 'required', 'recovery_codes_left'],
  additionalProperties: false,
} as const;
export type SessionSecondFactor = FromSchema<typeof sessionSecondFactor>;

export const sessionResponse = {
  type: 'object',
  properties: { user: consoleUser, second_factor: sessionSecondFactor },
  required: ['user', 'second_factor'],
  additionalProperties: false,
} as const;
export type SessionResponse = FromSchema<typeof sessionResponse>;

/**
 * 401 from GET /api/admin/session: signed out. `admin_exists` false tells the sign-in page to say how the first admin
 * is made (ADMIN_EMAIL and ADMIN_PASSWORD, or `npm run leads -- add-admin`).
 */
export const signedOutResponse = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' }, admin_exists: { type: 'boolean' } },
  required: ['error', 'message', 'admin_exists'],
  additionalProperties: false,
} as const;
export type SignedOutResponse = FromSchema<typeof signedOutResponse>;

/** The one message for a wrong email or a wrong password: it never says which. */
export const SIGN_IN_FAILED = 'The email or password is wrong.';

/** unsold: every buyer refused the lead, or none could take it (docs/decisions/072-routing-in-the-console.md). */
export const LEAD_STATUSES = ['stored', 'queued', 'delivered', 'unsold', 'held', 'dead-lettered'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * An amount of US dollars, exact, as the database's numeric gives it: "1234.50", always two decimals (never a float,
 * whose sums drift off the cent). Null: no stated price.
 */
const usd = { type: ['string', 'null'], pattern: '^[0-9]+\\.[0-9]{2}$' } as const;

/** One row of GET /api/admin/leads. */
const leadRow = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    received_at: timestamp,
    flow_version: { type: 'string' },
    status: { type: 'string', enum: LEAD_STATUSES },
    /** Why a held lead is held: honeypot, duplicate, opted-out, operator, consent-revoked. */
    held_reason: nullableString,
    name: { type: 'string' },
    /** The business the lead is for: with `name`, how the console titles the lead. Empty when the lead has none. */
    business_name: { type: 'string' },
    /** Whether retention erased the lead's personal data (its name, business and contact fields are then empty). */
    purged: { type: 'boolean' },
    email: { type: 'string' },
    phone: { type: 'string' },
    utm_source: nullableString,
    attempts: { type: 'integer' },
    /** The language the form was filled in: "en", "es". */
    language: { type: 'string' },
    /** What the buyer that took it paid; null: not sold, or sold at no stated price. */
    sold_price: usd,
  },
  required: [
    'id',
    'received_at',
    'flow_version',
    'status',
    'held_reason',
    'name',
    'business_name',
    'purged',
    'email',
    'phone',
    'utm_source',
    'attempts',
    'language',
    'sold_price',
  ],
  additionalProperties: false,
} as const;
export type LeadRow = FromSchema<typeof leadRow>;

/**
 * GET /api/admin/leads?q=&status=&version=&from=&to=&utm_source=&utm_campaign=&language=&cursor=&limit=: newest
 * first. `q` is an email, a phone number or a lead id; `from` and `to` are dates (YYYY-MM-DD, `to` inclusive);
 * `utm_source` and `utm_campaign` match the lead's attribution (docs/decisions/022-attribution-with-every-lead.md);
 * `language` the language its form was filled in ("es"); `next_cursor` is null on the last page and is passed back as
 * `cursor` for the next.
 */
export const leadsResponse = {
  type: 'object',
  properties: { leads: { type: 'array', items: leadRow }, next_cursor: nullableString },
  required: ['leads', 'next_cursor'],
  additionalProperties: false,
} as const;
export type LeadsResponse = FromSchema<typeof leadsResponse>;

/**
 * GET /api/admin/lead-count with the list's filters (no cursor, no limit): how many leads match. Exact up to a cap;
 * past it the database's estimate, `exact` false, so a million leads are counted as fast as a hundred
 * (docs/decisions/068-the-count-of-matches-at-volume.md).
 */
export const LEAD_COUNT_PATH = `${CONSOLE_API}/lead-count`;
export const leadCountResponse = {
  type: 'object',
  properties: { count: { type: 'integer', minimum: 0 }, exact: { type: 'boolean' } },
  required: ['count', 'exact'],
  additionalProperties: false,
} as const;
export type LeadCountResponse = FromSchema<typeof leadCountResponse>;

/**
 * One answer of a lead as its flow version asked it: the field's label, the answer in the flow's words (an option's
 * label, an amount with its prefix), and the stored value when it differs (`code`). `unlisted`: a stored value that is
 * not among the options the version offers (a lead of an older flow file), shown as stored.
 */
const labelledAnswer = {
  type: 'object',
  properties: {
    field: { type: 'string' },
    label: { type: 'string' },
    text: { type: 'string' },
    code: nullableString,
    unlisted: { type: 'boolean' },
  },
  required: ['field', 'label', 'text', 'code', 'unlisted'],
  additionalProperties: false,
} as const;

/** The answers of one step, under the step's own heading, in the order the step asks them. */
const answerGroup = {
  type: 'object',
  properties: { title: { type: 'string' }, answers: { type: 'array', items: labelledAnswer } },
  required: ['title', 'answers'],
  additionalProperties: false,
} as const;
export type AnswerGroup = FromSchema<typeof answerGroup>;

const deliveryAttempt = {
  type: 'object',
  properties: {
    attempt: { type: 'integer' },
    attempted_at: timestamp,
    http_status: { type: ['integer', 'null'] },
    outcome: { type: 'string', enum: ['delivered', 'failed', 'rejected'] },
    /** The buyer's answer in short (never its free text in full). */
    error: nullableString,
    duration_ms: { type: ['integer', 'null'] },
    /** The buyer the attempt went to; null for attempts from before buyers. */
    buyer_id: nullableString,
    /** Its name among the buyers the server knows; null when it is no longer configured. */
    buyer_name: nullableString,
  },
  required: ['attempt', 'attempted_at', 'http_status', 'outcome', 'error', 'duration_ms', 'buyer_id', 'buyer_name'],
  additionalProperties: false,
} as const;

const consentEvidence = {
  type: 'object',
  properties: {
    text: { type: 'string' },
    version: { type: 'string' },
    sha256: { type: 'string' },
    consented_at: timestamp,
    ip: { type: 'string' },
    user_agent: nullableString,
    page_url: nullableString,
    certificate_url: nullableString,
  },
  required: ['text', 'version', 'sha256', 'consented_at', 'ip', 'user_agent', 'page_url', 'certificate_url'],
  additionalProperties: false,
} as const;

export const ROUTE_STATES = ['skipped', 'sending', 'delivered', 'refused', 'failed'] as const;

/** A buyer considered for the lead, in the order considered (lead_routes). */
const routeStep = {
  type: 'object',
  properties: {
    position: { type: 'integer' },
    buyer_id: { type: 'string' },
    buyer_name: nullableString,
    state: { type: 'string', enum: ROUTE_STATES },
    /** Why it was skipped, refused or failed: one short line. */
    reason: nullableString,
    attempts: { type: 'integer' },
    decided_at: timestamp,
    delivered_at: { type: ['string', 'null'], format: 'date-time' },
    /** What the buyer paid for the lead, on its delivered step; null on the others and for a buyer without a price. */
    price: usd,
  },
  required: [
    'position',
    'buyer_id',
    'buyer_name',
    'state',
    'reason',
    'attempts',
    'decided_at',
    'delivered_at',
    'price',
  ],
  additionalProperties: false,
} as const;

/**
 * A buyer asked for a bid on the lead (lead_pings, docs/decisions/146-auction-in-routing.md): what it was sent, which
 * holds nothing personal, and what it answered.
 */
const leadPing = {
  type: 'object',
  properties: {
    buyer_id: { type: 'string' },
    buyer_name: nullableString,
    ping_id: { type: 'string' },
    pinged_at: timestamp,
    /** The ping's body as sent (the lead's terms, no personal data). */
    sent: { type: 'object', additionalProperties: true },
    /** Its HTTP status; null when no answer came. */
    http_status: { type: ['integer', 'null'] },
    /** The start of its answer (300 characters at most); empty when none came. */
    answer: { type: 'string' },
    /** Its bid; null when it made none, and then why (`late`, `not_json`, ...). */
    bid: usd,
    no_bid_reason: nullableString,
    /** What went wrong on the way when no answer came. */
    error: nullableString,
    duration_ms: { type: 'integer' },
  },
  required: [
    'buyer_id',
    'buyer_name',
    'ping_id',
    'pinged_at',
    'sent',
    'http_status',
    'answer',
    'bid',
    'no_bid_reason',
    'error',
    'duration_ms',
  ],
  additionalProperties: false,
} as const;

/** A buyer's return of the lead: its short reason code, never free text. */
const leadReturn = {
  type: 'object',
  properties: {
    buyer_id: { type: 'string' },
    buyer_name: nullableString,
    reason: { type: 'string' },
    returned_at: timestamp,
  },
  required: ['buyer_id', 'buyer_name', 'reason', 'returned_at'],
  additionalProperties: false,
} as const;

/** A lead.revoked event to a buyer that received the lead: sent (sent_at), or its attempts so far. */
const revocationEvent = {
  type: 'object',
  properties: {
    buyer_id: { type: 'string' },
    buyer_name: nullableString,
    cause: { type: 'string', enum: ['opt-out', 'consent-revoked'] },
    created_at: timestamp,
    attempts: { type: 'integer' },
    sent_at: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['buyer_id', 'buyer_name', 'cause', 'created_at', 'attempts', 'sent_at'],
  additionalProperties: false,
} as const;

/**
 * GET /api/admin/leads/:id: the lead's answers, its consent evidence, where its delivery ended (the buyer it went to,
 * the reason), its path through the buyers, every delivery attempt oldest first, its returns and revocation events.
 */
export const leadPageResponse = {
  type: 'object',
  properties: {
    lead: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        received_at: timestamp,
        flow: { type: 'string' },
        flow_version: { type: 'string' },
        status: { type: 'string', enum: LEAD_STATUSES },
        held_reason: nullableString,
        delivered_at: { type: ['string', 'null'], format: 'date-time' },
        /** The buyer that took the lead, and its name (null when no longer configured). */
        delivered_to: nullableString,
        delivered_to_name: nullableString,
        /** What the buyer paid for it; null: not sold, or sold at no stated price. A return keeps it. */
        sold_price: usd,
        /** Why the delivery ended where it did, in a line (unsold: every buyer refused, ...). */
        delivery_reason: nullableString,
        /** Who and what the lead is for, as `name` and `business_name` in the list; empty once purged. */
        name: { type: 'string' },
        business_name: { type: 'string' },
        /** When retention erased its personal data; null while it is kept. */
        purged_at: { type: ['string', 'null'], format: 'date-time' },
        /** Whether the visitor sent an opt-out preference signal (Global Privacy Control) with the lead. */
        gpc: { type: 'boolean' },
        /** The language the form was filled in ("en", "es"): the consent text is the one shown in it. */
        language: { type: 'string' },
        /** The payload as stored (the attribution is read from it). */
        answers: { type: 'object', additionalProperties: true },
        /**
         * The answers labelled by the lead's own flow version, step by step in the flow's order, then what the page
         * sent with them, then any field the version does not know (docs/decisions/067-how-a-lead-reads.md).
         */
        answer_groups: { type: 'array', items: answerGroup },
        consent: { anyOf: [consentEvidence, { type: 'null' }] },
        path: { type: 'array', items: routeStep },
        /** The buyers asked for a bid on it, in the order they were asked (by priority). */
        pings: { type: 'array', items: leadPing },
        attempts: { type: 'array', items: deliveryAttempt },
        returns: { type: 'array', items: leadReturn },
        revocations: { type: 'array', items: revocationEvent },
      },
      required: [
        'id',
        'received_at',
        'flow',
        'flow_version',
        'status',
        'held_reason',
        'delivered_at',
        'delivered_to',
        'delivered_to_name',
        'sold_price',
        'delivery_reason',
        'name',
        'business_name',
        'purged_at',
        'gpc',
        'language',
        'answers',
        'answer_groups',
        'consent',
        'path',
        'pings',
        'attempts',
        'returns',
        'revocations',
      ],
      additionalProperties: false,
    },
  },
  required: ['lead'],
  additionalProperties: false,
} as const;
export type LeadPageResponse = FromSchema<typeof leadPageResponse>;

/**
 * POST /api/admin/leads/:id/redeliver | hold | release: what the action did. redeliver routes a dead-lettered or
 * unsold lead once more (as `npm run leads -- redeliver`); hold keeps a lead not yet delivered from buyers; release
 * lets a lead an operator held go again.
 */
export const LEAD_ACTIONS = ['redeliver', 'hold', 'release'] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];
export const leadActionResponse = {
  type: 'object',
  properties: {
    /** queued, delivered already, queued already, not dead-lettered, held, released, not held, ... */
    result: { type: 'string' },
    status: { type: 'string', enum: LEAD_STATUSES },
  },
  required: ['result', 'status'],
  additionalProperties: false,
} as const;
export type LeadActionResponse = FromSchema<typeof leadActionResponse>;

/**
 * POST /api/admin/leads/:id/consent-revocation: records that the lead's visitor revoked consent (told an operator,
 * by phone say). A lead not yet delivered is held ('consent-revoked', never released); every buyer that received it
 * is sent `lead.revoked`. Answers like the lead actions: `result` says what was done.
 */
export const CONSENT_REVOCATION = 'consent-revocation';
export const consentRevocationPath = (leadId: string) => `${LEADS_PATH}/${leadId}/${CONSENT_REVOCATION}`;

const countsByKey = { type: 'object', additionalProperties: { type: 'integer' } } as const;

/** GET /api/admin/counts?from=&to=: numbers only, for every role: no lead, no person. */
export const countsResponse = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    by_status: countsByKey,
    by_version: countsByKey,
    by_utm_source: countsByKey,
  },
  required: ['total', 'by_status', 'by_version', 'by_utm_source'],
  additionalProperties: false,
} as const;
export type CountsResponse = FromSchema<typeof countsResponse>;

const nullableInteger = { type: ['integer', 'null'] } as const;

/** A buyer as the Lenders page shows it: its rules in words, its caps' use now, its last 30 days. */
const buyerReportEntry = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    priority: { type: 'integer' },
    /** Each filter in words ("states CA, NY"); one line "every lead" when it has none. */
    filters: { type: 'array', items: { type: 'string' } },
    /** Its hours in words, or "any day, any time". */
    schedule: { type: 'string' },
    time_zone: { type: 'string' },
    /**
     * Slots used in its current day and month (its time zone's), and its caps; null: no cap, and the used count is
     * then the leads it was sold in that day or month.
     */
    used_today: { type: 'integer' },
    per_day: nullableInteger,
    used_this_month: { type: 'integer' },
    per_month: nullableInteger,
    delivered_30_days: { type: 'integer' },
    returned_30_days: { type: 'integer' },
    /** returned / delivered over the last 30 days, in percent; null when none was delivered. */
    return_rate: { type: ['number', 'null'] },
    /** What it pays per lead now (BUYERS_FILE); null: no stated price. */
    price: usd,
    /**
     * What the leads it took and kept sold for: delivered in its current day, its current month (its time zone's, as
     * its caps count them) and the last 30 days; a lead it returned counts in `returned_revenue_30_days` instead.
     * Null when none of those leads had a price.
     */
    revenue_today: usd,
    revenue_this_month: usd,
    revenue_30_days: usd,
    /** What the leads delivered in the last 30 days that it returned had sold for; null when none had a price. */
    returned_revenue_30_days: usd,
    /** The mean price of the priced leads delivered to it in the last 30 days, returned ones included. */
    average_price_30_days: usd,
    /**
     * When its posts started failing, for the earliest lead it is failing now (still reserved for it, its last attempt
     * failed); null when it is failing none (docs/decisions/146-auction-in-routing.md).
     */
    failing_since: { type: ['string', 'null'], format: 'date-time' },
    /** The leads it is failing now. */
    failing_leads: { type: 'integer' },
    /** Leads that moved on to another bid or buyer in the last 30 days because it failed for failoverSeconds. */
    moved_on_30_days: { type: 'integer' },
  },
  required: [
    'id',
    'name',
    'priority',
    'filters',
    'schedule',
    'time_zone',
    'used_today',
    'per_day',
    'used_this_month',
    'per_month',
    'delivered_30_days',
    'returned_30_days',
    'return_rate',
    'price',
    'revenue_today',
    'revenue_this_month',
    'revenue_30_days',
    'returned_revenue_30_days',
    'average_price_30_days',
    'failing_since',
    'failing_leads',
    'moved_on_30_days',
  ],
  additionalProperties: false,
} as const;
export type BuyerReportEntry = FromSchema<typeof buyerReportEntry>;

/**
 * GET /api/admin/lenders: the buyers in priority order (the order routing tries them), and the lenders the consent
 * text names that have no buyer: they receive no leads. Counts and rules only, no lead and no person.
 */
export const buyersReportResponse = {
  type: 'object',
  properties: {
    buyers: { type: 'array', items: buyerReportEntry },
    without_buyer: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' } },
        required: ['id', 'name'],
        additionalProperties: false,
      },
    },
  },
  required: ['buyers', 'without_buyer'],
  additionalProperties: false,
} as const;
export type BuyersReportResponse = FromSchema<typeof buyersReportResponse>;

const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
const userEntry = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    role,
    status: { type: 'string', enum: USER_STATUSES },
    created_at: timestamp,
    last_sign_in_at: { type: ['string', 'null'], format: 'date-time' },
    /** Whether the user signs in with a second factor. */
    second_factor: { type: 'boolean' },
  },
  required: ['id', 'email', 'role', 'status', 'created_at', 'last_sign_in_at', 'second_factor'],
  additionalProperties: false,
} as const;
export type UserEntry = FromSchema<typeof userEntry>;

/**
 * A user's account locked now by sign-in attempts (docs/decisions/063-sign-in-lockout.md): from `addresses` client
 * addresses, or from every address once its ceiling is reached (`everywhere`), until `until`.
 */
const accountLock = {
  type: 'object',
  properties: {
    user_id: { type: 'string' },
    until: timestamp,
    addresses: { type: 'integer' },
    everywhere: { type: 'boolean' },
  },
  required: ['user_id', 'until', 'addresses', 'everywhere'],
  additionalProperties: false,
} as const;
export type AccountLock = FromSchema<typeof accountLock>;

/** GET /api/admin/users (the spec's users_list), and which of them are locked out now. */
export const usersResponse = {
  type: 'object',
  properties: { users: { type: 'array', items: userEntry }, locks: { type: 'array', items: accountLock } },
  required: ['users', 'locks'],
  additionalProperties: false,
} as const;
export type UsersResponse = FromSchema<typeof usersResponse>;

/** GET /api/admin/users/:id (user_detail_by_id), PATCH /api/admin/users/:id `{ role }` (update_user). */
export const userResponse = {
  type: 'object',
  properties: { user: userEntry },
  required: ['user'],
  additionalProperties: false,
} as const;
export type UserResponse = FromSchema<typeof userResponse>;

export const updateUserBody = {
  type: 'object',
  properties: { role },
  required: ['role'],
  additionalProperties: false,
} as const;

/** POST /api/admin/users/:id/status `{ status }` (change_status): disabling ends the user's sessions at once. */
export const changeStatusBody = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['active', 'disabled'] } },
  required: ['status'],
  additionalProperties: false,
} as const;

/** POST /api/admin/users `{ email, role }` (invite_users): the user, and the one-time link to pass on (72 h). */
export const inviteBody = {
  type: 'object',
  properties: { email: { type: 'string', maxLength: MAX_EMAIL_LENGTH }, role },
  required: ['email', 'role'],
  additionalProperties: false,
} as const;
export type InviteBody = FromSchema<typeof inviteBody>;
export const inviteResponse = {
  type: 'object',
  properties: { user: userEntry, invite_url: { type: 'string' }, invite_expires_at: timestamp },
  required: ['user', 'invite_url', 'invite_expires_at'],
  additionalProperties: false,
} as const;
export type InviteResponse = FromSchema<typeof inviteResponse>;

/**
 * GET /api/admin/invitations/:token: the invited email, or 404 for a token unknown, used or past its 72 hours.
 * POST /api/admin/invitations/:token `{ password }`: sets the password, activates the user and signs them in. Both
 * work signed out: the token is the credential.
 */
export const invitationResponse = {
  type: 'object',
  properties: { email: { type: 'string' } },
  required: ['email'],
  additionalProperties: false,
} as const;
export const setPasswordBody = {
  type: 'object',
  properties: { password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH } },
  required: ['password'],
  additionalProperties: false,
} as const;

/** POST /api/admin/session/password: the current password (a wrong one counts as a failed sign-in) and the new one. */
export const changePasswordBody = {
  type: 'object',
  properties: {
    current_password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
    new_password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
  },
  required: ['current_password', 'new_password'],
  additionalProperties: false,
} as const;
export type ChangePasswordBody = FromSchema<typeof changePasswordBody>;

/**
 * POST /api/admin/users/:id/password-reset: the user, and the one-time link to pass on (an hour). The link's GET
 * (PASSWORD_RESETS_PATH/:token) answers the email as an invitation's does (invitationResponse), and its POST
 * `{ password }` (setPasswordBody) sets the password, ends the user's sessions and signs them in.
 */
export const passwordResetIssuedResponse = {
  type: 'object',
  properties: { user: userEntry, reset_url: { type: 'string' }, reset_expires_at: timestamp },
  required: ['user', 'reset_url', 'reset_expires_at'],
  additionalProperties: false,
} as const;
export type PasswordResetIssuedResponse = FromSchema<typeof passwordResetIssuedResponse>;

const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-locked',
  'sign-out',
  'redeliver',
  'hold',
  'release',
  'consent-revocation',
  'export',
  'user-invited',
  'user-updated',
  'user-disabled',
  'user-enabled',
  'user-unlocked',
  'password-changed',
  'password-reset-issued',
  'password-set',
  'second-factor-set-up',
  'second-factor-failed',
  'recovery-code-used',
  'second-factor-reset',
  'second-factor-removed',
  // The flow studio: a version published, the split test's weights set, a version retired (with the change read).
  'flow-published',
  'flow-split-changed',
  'flow-retired',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const auditEntry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: timestamp,
    /**
     * The signed-in user, or for a failed sign-in the email typed (null when none was), or "visitor (Stop contacting
     * me)" for a visitor's own consent revocation, which names its leads by id and keeps no address ("not kept").
     */
    actor: nullableString,
    action: { type: 'string', enum: AUDIT_ACTIONS },
    /** What was acted on: a lead id, a user's email, an export's date range. */
    target: nullableString,
    ip: { type: 'string' },
  },
  required: ['id', 'at', 'actor', 'action', 'target', 'ip'],
  additionalProperties: false,
} as const;
export type AuditEntry = FromSchema<typeof auditEntry>;

/** GET /api/admin/audit?cursor=: newest first, 100 a page. */
export const auditResponse = {
  type: 'object',
  properties: { entries: { type: 'array', items: auditEntry }, next_cursor: nullableString },
  required: ['entries', 'next_cursor'],
  additionalProperties: false,
} as const;
export type AuditResponse = FromSchema<typeof auditResponse>;
