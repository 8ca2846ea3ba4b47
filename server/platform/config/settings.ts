/**
 * The server's settings: ONE table of environment variables (name, description, default, parser). The validated
 * config object (load.ts) and the .env.example file (tools/env-example.ts) both come from it, so they cannot drift
 * apart.
 */
import {
  apiKey,
  boolean,
  consentDefault,
  dailyCap,
  displayName,
  days,
  directory,
  email,
  filePath,
  gtmAuth,
  gtmId,
  gtmPreview,
  host,
  LOG_LEVELS,
  logFormat,
  logLevel,
  milliseconds,
  password,
  placesApi,
  port,
  postgresUrl,
  proxyList,
  requestLimit,
  secondFactorMode,
  seconds,
  serviceKey,
  signingKeyText,
  signingSecrets,
  splitTest,
  tagSources,
  webUrl,
} from './parsers.ts';
import { optional, type Variable, withDefault } from './variable.ts';

/** The name of the one buyer BUYER_URL makes, until BUYER_NAME gives it its own. */
export const DEFAULT_BUYER_NAME = 'Lead buyer';

const DAY_SECONDS = 86_400;

/**
 * LEAD_RETENTION_DAYS's bounds: support needs a lead for a month when a buyer says it never arrived, and a lead
 * never keeps its personal data longer than its consent evidence is kept (docs/decisions/043-retention.md).
 */
const MIN_LEAD_RETENTION_DAYS = 30;
const MAX_LEAD_RETENTION_DAYS = 1826;

export const VARIABLES = {
  port: withDefault({ name: 'PORT', description: 'The port the server listens on.', default: '3000', parse: port }),
  host: withDefault({
    name: 'HOST',
    description: 'The address the server listens on: 0.0.0.0 for every interface, 127.0.0.1 for this machine only.',
    default: '0.0.0.0',
    parse: host,
  }),
  dataDir: withDefault({
    name: 'DATA_DIR',
    description:
      'The folder of the embedded database (used when DATABASE_URL is not set). Relative paths start at the ' +
      'project root. Only one server may use a folder at a time.',
    default: './data',
    parse: directory,
  }),
  databaseUrl: optional({
    name: 'DATABASE_URL',
    description:
      'A PostgreSQL connection URL. When set, PostgreSQL is used instead of the embedded database; run this in ' +
      'production and whenever more than one server process shares the data.',
    example: 'postgres://fundflow:password@localhost:5432/fundflow',
    secret: true,
    parse: postgresUrl,
  }),
  staticDir: withDefault({
    name: 'STATIC_DIR',
    description: 'The folder of the built site (npm run build writes it). Relative paths start at the project root.',
    default: './dist',
    parse: directory,
  }),
  productName: withDefault({
    name: 'PRODUCT_NAME',
    description: 'The product name shown in the page title and the page itself.',
    default: 'Fundflow',
    parse: displayName,
  }),
  privacyUrl: optional({
    name: 'PRIVACY_URL',
    description:
      'Your own privacy policy (absolute http(s) URL): the footer links there, and /privacy sends visitors there. ' +
      "Unset: the site's built-in /privacy page, whose sample text (site/content/privacy.json) you replace with yours.",
    example: 'https://example.com/privacy',
    parse: webUrl,
  }),
  termsUrl: optional({
    name: 'TERMS_URL',
    description:
      'Your own terms of use (absolute http(s) URL): the footer links there, and /terms sends visitors there. ' +
      "Unset: the site's built-in /terms page, whose sample text (site/content/terms.json) you replace with yours.",
    example: 'https://example.com/terms',
    parse: webUrl,
  }),
  doNotSellUrl: optional({
    name: 'DO_NOT_SELL_URL',
    description:
      'Your own "Do Not Sell My Information" page (absolute http(s) URL): the footer links there, and /do-not-sell ' +
      "sends visitors there; opt-outs taken there are yours to honour. Unset: the site's built-in /do-not-sell " +
      'page, which takes opt-outs and holds back the leads they name (docs/runbook.md).',
    example: 'https://example.com/do-not-sell',
    parse: webUrl,
  }),
  splitTest: optional({
    name: 'SPLIT_TEST',
    description:
      "Sends visitors who arrive at '/' to flow versions by weight, each kept on its version for 30 days by a cookie; " +
      "version:weight pairs separated by commas, every version one of the flow files'. The funnel shows each version. " +
      "Unset: no split test, '/' is v1.",
    example: 'v1:50,v2:25,v3:25',
    parse: splitTest,
  }),
  gtmId: optional({
    name: 'GTM_ID',
    description: 'The Google Tag Manager container id. Unset: no tag manager is loaded.',
    example: 'GTM-XXXXXXX',
    parse: gtmId,
  }),
  gtmAuth: optional({
    name: 'GTM_AUTH',
    description: 'The gtm_auth value of a Google Tag Manager environment (set together with GTM_PREVIEW).',
    example: 'aBcDeFgHiJkLmNoPqRsTuV',
    parse: gtmAuth,
  }),
  gtmPreview: optional({
    name: 'GTM_PREVIEW',
    description: 'The gtm_preview value of a Google Tag Manager environment (set together with GTM_AUTH).',
    example: 'env-3',
    parse: gtmPreview,
  }),
  cspTagSources: optional({
    name: 'CSP_TAG_SOURCES',
    description:
      "Origins the tag manager's tags send to (conversion pixels, requests, frames), comma-separated https origins; " +
      'the page may load images from them, connect and frame them. Scripts need no entry: those the tag manager ' +
      'adds run wherever they come from. Unset: tags reach only the Google Analytics origins that GTM_ID allows.',
    example: 'https://www.googleadservices.com,https://*.doubleclick.net,https://www.facebook.com,https://bat.bing.com',
    parse: tagSources,
  }),
  enhancedConversions: withDefault({
    name: 'ENHANCED_CONVERSIONS',
    description:
      "Send the lead's email and phone, normalised and hashed with SHA-256 (never as typed), with the tag manager's " +
      "lead_submitted event, for the ad platforms' enhanced conversions: true or false. Needs GTM_ID.",
    default: 'false',
    parse: boolean,
  }),
  consentDefault: withDefault({
    name: 'CONSENT_DEFAULT',
    description:
      "Google consent mode's defaults, set before the tag manager loads: granted or denied (ad storage, ad user data, " +
      'ad personalisation and analytics storage), then any regions that differ as ;state:REGION,REGION (ISO 3166-2, ' +
      'e.g. granted;denied:US-CA,US-CO,DE). A consent banner updates them; a visitor whose browser sends the opt-out ' +
      'preference signal (Global Privacy Control) gets the advertising ones denied everywhere.',
    default: 'granted',
    parse: consentDefault,
  }),
  loadTrustedFormScript: withDefault({
    name: 'LOAD_TRUSTED_FORM_SCRIPT',
    description: 'Load the TrustedForm lead-certificate script on the page: true or false.',
    default: 'false',
    parse: boolean,
  }),
  googleMapsApiKey: optional({
    name: 'GOOGLE_MAPS_API_KEY',
    description:
      'A Google Maps Platform key for address autocomplete. The key is sent to the browser: restrict it to this ' +
      'site in the Google Cloud console. Unset: visitors type their address by hand.',
    example: 'AIzaSyExampleExampleExampleExample12345',
    parse: apiKey,
  }),
  googlePlacesApi: withDefault({
    name: 'GOOGLE_PLACES_API',
    description:
      'Which Google service suggests addresses for GOOGLE_MAPS_API_KEY: new (Places API (New), which every key can ' +
      'enable) or legacy (the legacy Places Autocomplete, closed to new Google Cloud projects since March 2025: only ' +
      'for projects that still have it).',
    default: 'new',
    parse: placesApi,
  }),
  phoneLookupUrl: optional({
    name: 'PHONE_LOOKUP_URL',
    description:
      'A phone lookup service to check numbers with (GET ?phone=<10 digits>, answering {"status": "connected"}); ' +
      'set together with PHONE_LOOKUP_API_KEY. Unset: numbers are checked offline against the number plan, which ' +
      'cannot tell whether a line is connected.',
    example: 'https://phone-lookup.example.com/v1/status',
    parse: webUrl,
  }),
  phoneLookupApiKey: optional({
    name: 'PHONE_LOOKUP_API_KEY',
    description: 'The key of the phone lookup service at PHONE_LOOKUP_URL, sent as a Bearer token.',
    example: 'your-phone-lookup-key',
    secret: true,
    parse: serviceKey,
  }),
  phoneLookupCacheSeconds: withDefault({
    name: 'PHONE_LOOKUP_CACHE_SECONDS',
    description:
      "How long the phone lookup service's answer for a number is reused before the number is looked up again, " +
      'in seconds (0: never reused), by every server on a PostgreSQL database. Only numbers the offline check finds ' +
      'possible are ever looked up.',
    default: String(DAY_SECONDS),
    parse: seconds(0, 30 * DAY_SECONDS),
  }),
  phoneLookupDailyCap: withDefault({
    name: 'PHONE_LOOKUP_DAILY_CAP',
    description:
      'The most calls to the phone lookup service in a UTC day (0: no cap), counted in the database for all ' +
      'servers on it. Past it, numbers are checked offline until midnight UTC and each server logs once that the ' +
      'cap was reached. Set it to about twice the leads expected in a day.',
    default: '2000',
    parse: dailyCap,
  }),
  trustedFormApiKey: optional({
    name: 'TRUSTEDFORM_API_KEY',
    description:
      'The TrustedForm API key the server claims consent certificates with, so they are kept past their free ' +
      'retention. Unset: certificates are not claimed.',
    example: 'your-trustedform-key',
    secret: true,
    parse: serviceKey,
  }),
  buyersFile: optional({
    name: 'BUYERS_FILE',
    formerName: 'LENDERS_FILE',
    description:
      "The buyers' file: each company that buys leads, its lender (by its id in site/content/lenders.json), its " +
      'endpoint, secrets, filters, hours, caps and priority (docs/buyers.md). Keep it outside the repository: it ' +
      'holds secrets. Relative paths start at the project root. Unset: BUYER_URL, if set, is the one buyer; set ' +
      'both and the server refuses to start.',
    example: '/etc/fundflow/buyers.json',
    parse: filePath,
  }),
  buyerUrl: optional({
    name: 'BUYER_URL',
    formerName: 'LEAD_FORWARD_URL',
    description:
      'Where stored leads are delivered when BUYERS_FILE is not set: one buyer that takes every lead, POSTed there ' +
      'as JSON over https (http:// only to this machine: 127.0.0.0/8, ::1, localhost) and retried on the Standard ' +
      'Webhooks schedule (8 attempts over about 27 hours) when it fails. ' +
      'Unset, with no BUYERS_FILE: leads are stored and kept queued (for up to 30 days) until a buyer is set.',
    example: 'https://leads.example.com/v1/leads',
    secret: true,
    parse: webUrl,
  }),
  buyerName: withDefault({
    name: 'BUYER_NAME',
    description:
      'The name of the buyer of BUYER_URL, as the console shows where a lead went ("Delivered to <name>"): write it ' +
      "as the consent names the lender (site/content/lenders.json). The buyers of BUYERS_FILE take their lenders' " +
      'names instead.',
    default: DEFAULT_BUYER_NAME,
    parse: displayName,
  }),
  buyerSigningKeys: optional({
    name: 'BUYER_SECRET',
    formerName: 'LEAD_FORWARD_SECRET',
    description:
      'The secret shared with the buyer of BUYER_URL, as whsec_ and base64 (npm run leads -- new-secret makes one): ' +
      'every delivery is then signed in the Standard Webhooks scheme (webhook-signature; docs/buyer-signatures.md). ' +
      'To rotate it, list the new secret first and the old one second, separated by a comma: each delivery carries ' +
      'both signatures until the old one is removed.',
    example: 'whsec_jWdHXy7rzwGhMm9k8ND/tHi3OlvQ495fIEYI2LtOTmU=',
    secret: true,
    parse: signingSecrets,
  }),
  buyerTimeoutMs: withDefault({
    name: 'BUYER_TIMEOUT_MS',
    formerName: 'LEAD_FORWARD_TIMEOUT_MS',
    description:
      'How long one delivery attempt waits for the buyer to answer, in milliseconds, before it counts as failed.',
    default: '10000',
    parse: milliseconds(1000, 120_000),
  }),
  rateLimitIpWindowSeconds: withDefault({
    name: 'RATE_LIMIT_IP_WINDOW_SECONDS',
    description:
      'The window, in seconds, that the per-address limits (RATE_LIMIT_..._PER_IP) count requests in; an IPv6 ' +
      'address counts with its whole /64. On PostgreSQL every server on the database counts together; on the ' +
      'embedded database its one server counts.',
    default: '3600',
    parse: seconds(1, DAY_SECONDS),
  }),
  rateLimitSessionWindowSeconds: withDefault({
    name: 'RATE_LIMIT_SESSION_WINDOW_SECONDS',
    description: 'The window, in seconds, that the per-visit limits (RATE_LIMIT_..._PER_SESSION) count requests in.',
    default: '60',
    parse: seconds(1, DAY_SECONDS),
  }),
  rateLimitLeadsPerIp: withDefault({
    name: 'RATE_LIMIT_LEADS_PER_IP',
    description:
      'Leads one visitor address may send in its window; more are answered 429 with Retry-After (0: no limit). ' +
      'Sized for an office or a mobile network of hundreds of visitors behind one address. "Do Not Sell" opt-outs ' +
      'have the same limit, counted apart.',
    default: '300',
    parse: requestLimit,
  }),
  rateLimitLeadsPerSession: withDefault({
    name: 'RATE_LIMIT_LEADS_PER_SESSION',
    description:
      'Leads one visit (its XSRF-TOKEN cookie) may send in its window; more are answered 429 (0: no limit). "Do Not ' +
      'Sell" opt-outs have the same limit, counted apart.',
    default: '5',
    parse: requestLimit,
  }),
  rateLimitPhonePerIp: withDefault({
    name: 'RATE_LIMIT_PHONE_PER_IP',
    description: 'Phone checks one visitor address may ask for in its window; more are answered 429 (0: no limit).',
    default: '1000',
    parse: requestLimit,
  }),
  rateLimitPhonePerSession: withDefault({
    name: 'RATE_LIMIT_PHONE_PER_SESSION',
    description: 'Phone checks one visit may ask for in its window; more are answered 429 (0: no limit).',
    default: '20',
    parse: requestLimit,
  }),
  rateLimitEventsPerIp: withDefault({
    name: 'RATE_LIMIT_EVENTS_PER_IP',
    description:
      'Funnel event batches (POST /api/events) one visitor address may send in its window; more are answered 429 ' +
      '(0: no limit). A visit sends about three a step: sized for hundreds of visits behind one address.',
    default: '20000',
    parse: requestLimit,
  }),
  rateLimitEventsPerSession: withDefault({
    name: 'RATE_LIMIT_EVENTS_PER_SESSION',
    description:
      'Funnel event batches one visit may send in its window; more are answered 429 (0: no limit). A person ' +
      'sends a few a minute.',
    default: '60',
    parse: requestLimit,
  }),
  leadRetentionDays: withDefault({
    name: 'LEAD_RETENTION_DAYS',
    description:
      'How many days a lead keeps its personal data; a daily job then erases it (an undelivered lead is kept at ' +
      'least 62 days, while it can still be delivered). The consent evidence, with the phone number and email it ' +
      `was given for, is kept five years. From ${MIN_LEAD_RETENTION_DAYS} to ${MAX_LEAD_RETENTION_DAYS} (five years).`,
    default: '365',
    parse: days(MIN_LEAD_RETENTION_DAYS, MAX_LEAD_RETENTION_DAYS),
  }),
  buyerReclaimSeconds: withDefault({
    name: 'BUYER_RECLAIM_SECONDS',
    formerName: 'LEAD_FORWARD_RECLAIM_SECONDS',
    description:
      'When a server dies during a delivery attempt, how many seconds after BUYER_TIMEOUT_MS another server ' +
      '(or the restarted one) takes the attempt back and retries it; servers also look for such attempts this often.',
    default: '60',
    parse: seconds(5, 600),
  }),
  trustProxy: optional({
    name: 'TRUST_PROXY',
    description:
      'The load balancers or proxies in front of the server whose X-Forwarded-For header is believed, as ' +
      'addresses or CIDR ranges separated by commas. Unset: the connecting address is the visitor address.',
    example: '10.0.0.0/8,127.0.0.1',
    parse: proxyList,
  }),
  plainHttp: withDefault({
    name: 'PLAIN_HTTP',
    description:
      "The server is reached over plain HTTP, for local use only: true or false. The console's session cookie is " +
      'then sent without Secure: needed to sign in to the console over plain HTTP at any address but localhost or ' +
      '127.0.0.1 (a test host name, an address on the local network). Leave it false wherever people arrive over ' +
      'HTTPS, through a proxy or not.',
    default: 'false',
    parse: boolean,
  }),
  xsrfSecret: optional({
    name: 'XSRF_SECRET',
    description:
      'The key XSRF tokens are signed with, at least 32 characters, the same on every server. Unset: the first ' +
      'server makes one and keeps it in the database, where every other server finds it.',
    example: 'a-long-random-value-of-at-least-32-characters',
    secret: true,
    parse: signingKeyText,
  }),
  adminEmail: optional({
    name: 'ADMIN_EMAIL',
    description:
      "The console's first admin (/admin), set together with ADMIN_PASSWORD: at start-up, when no admin exists, " +
      'this admin is created; once one exists both are ignored and may be removed. Or: npm run leads -- add-admin.',
    example: 'admin@example.com',
    parse: email,
  }),
  adminPassword: optional({
    name: 'ADMIN_PASSWORD',
    description:
      "The first admin's password (see ADMIN_EMAIL): at least 12 characters, not containing the email. It only " +
      'creates that admin (changing it later changes nothing): remove it from the settings once the admin exists.',
    example: 'change-me-to-four-random-words',
    secret: true,
    parse: password,
  }),
  consoleMfa: withDefault({
    name: 'CONSOLE_MFA',
    description:
      "The console's second factor: required (admins sign in with a code from an authenticator app, and set one up " +
      'at their first sign-in; everyone else may) or optional (offered to everyone, required of no one: for local ' +
      'trials and test runs only).',
    default: 'required',
    parse: secondFactorMode,
  }),
  logLevel: withDefault({
    name: 'LOG_LEVEL',
    description: `How much the server logs: ${LOG_LEVELS.join(', ')}.`,
    default: 'info',
    parse: logLevel,
  }),
  logFormat: optional({
    name: 'LOG_FORMAT',
    description:
      'How the server writes its log: json (one JSON object a line, for log collectors) or pretty (coloured lines ' +
      'for people to read). Unset: pretty when the output is a terminal, json otherwise.',
    example: 'json',
    parse: logFormat,
  }),
} as const;

type ValueOf<V> = V extends Variable<infer T> ? T : never;

export type Config = { readonly [K in keyof typeof VARIABLES]: ValueOf<(typeof VARIABLES)[K]> };
