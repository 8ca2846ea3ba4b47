/**
 * The server's settings: ONE table of environment variables (name, description, default, parser). The validated
 * config object and the .env.example file both come from it, so they cannot drift apart.
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { signingKey } from './delivery/webhook-signature.ts';
import { PROJECT_ROOT } from './paths.ts';

/** Secrets LEAD_FORWARD_SECRET may list at once: the current one and those a rotation is moving away from. */
const MAX_SIGNING_SECRETS = 3;

/** Past these a limit means nothing: 0 is how a limit is switched off. */
const MAX_REQUEST_LIMIT = 1_000_000;
const MAX_DAILY_CAP = 10_000_000;

const DAY_SECONDS = 86_400;

/**
 * LEAD_RETENTION_DAYS's bounds: support needs a lead for a month when a lender says it never arrived, and a lead
 * never keeps its personal data longer than its consent evidence is kept (docs/decisions/043-retention.md).
 */
const MIN_LEAD_RETENTION_DAYS = 30;
const MAX_LEAD_RETENTION_DAYS = 1826;

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

interface Variable<T> {
  readonly name: string;
  /** One or two sentences for operators; .env.example shows it above the variable. */
  readonly description: string;
  /** The value used when the variable is unset or blank, written as in the environment. Absent: optional setting. */
  readonly default?: string;
  /** A sample value for .env.example when there is no default. */
  readonly example?: string;
  /** Messages never repeat the value (it may hold a password). */
  readonly secret?: boolean;
  readonly parse: (raw: string) => Parsed<T>;
}

function withDefault<T>(spec: Variable<T> & { default: string }): Variable<T> {
  return spec;
}

function optional<T>(spec: Omit<Variable<T>, 'default'>): Variable<T | undefined> {
  return spec;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const problem = (text: string): Parsed<never> => ({ ok: false, problem: text });

// ---- parsers: each returns the value or what the value must be ("PORT" + problem reads as a sentence) ----

function port(raw: string): Parsed<number> {
  const value = Number(raw);
  return /^\d+$/.test(raw) && value >= 1 && value <= 65535 ? ok(value) : problem('must be a whole number from 1 to 65535');
}

function host(raw: string): Parsed<string> {
  return /^[A-Za-z0-9.:_%[\]-]+$/.test(raw)
    ? ok(raw)
    : problem('must be an address to listen on, such as 0.0.0.0 (every interface), 127.0.0.1 or ::');
}

/** A folder; relative paths are taken from the project root, whatever the working directory. */
function directory(raw: string): Parsed<string> {
  return raw.includes('\0') ? problem('must be a folder path') : ok(resolve(PROJECT_ROOT, raw));
}

function postgresUrl(raw: string): Parsed<string> {
  const url = URL.parse(raw);
  if (url === null || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.hostname === '') {
    return problem('must be a PostgreSQL URL like postgres://user:password@host:5432/database');
  }
  return ok(raw);
}

function webUrl(raw: string): Parsed<string> {
  const url = URL.parse(raw);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return problem('must be an absolute http:// or https:// URL, like https://example.com/privacy');
  }
  return ok(url.href);
}

function productName(raw: string): Parsed<string> {
  if (/[\u0000-\u001f\u007f]/.test(raw)) return problem('must be plain text on one line');
  return raw.length <= 80 ? ok(raw) : problem('must be at most 80 characters');
}

function gtmId(raw: string): Parsed<string> {
  return /^GTM-[A-Z0-9]+$/.test(raw) ? ok(raw) : problem('must be a Google Tag Manager container id like GTM-XXXXXXX');
}

function gtmAuth(raw: string): Parsed<string> {
  return /^[A-Za-z0-9_-]+$/.test(raw)
    ? ok(raw)
    : problem('must be the gtm_auth value of a Google Tag Manager environment (letters, digits, - and _)');
}

function gtmPreview(raw: string): Parsed<string> {
  return /^env-\d+$/.test(raw)
    ? ok(raw)
    : problem('must be the gtm_preview value of a Google Tag Manager environment, like env-3');
}

function apiKey(raw: string): Parsed<string> {
  return /^[A-Za-z0-9_-]+$/.test(raw) ? ok(raw) : problem('must contain only letters, digits, - and _');
}

/** A key issued by a third-party service: any visible characters, no spaces. */
function serviceKey(raw: string): Parsed<string> {
  return /^[\x21-\x7e]+$/.test(raw) ? ok(raw) : problem('must be the key exactly as the service issued it (no spaces)');
}

function boolean(raw: string): Parsed<boolean> {
  const text = raw.toLowerCase();
  if (text === 'true' || text === '1') return ok(true);
  if (text === 'false' || text === '0') return ok(false);
  return problem('must be true, false, 1 or 0');
}

/** One to three `whsec_` secrets, separated by commas: the newest first while a lender moves to it. */
function signingSecrets(raw: string): Parsed<readonly Buffer[]> {
  const secrets = raw.split(',').map((secret) => secret.trim());
  if (secrets.length > MAX_SIGNING_SECRETS) return problem(`must list at most ${MAX_SIGNING_SECRETS} secrets`);
  const keys: Buffer[] = [];
  for (const [index, secret] of secrets.entries()) {
    const parsed = signingKey(secret);
    if ('problem' in parsed) {
      const which = secrets.length === 1 ? '' : ` (secret ${index + 1} of ${secrets.length})`;
      return problem(`${parsed.problem}${which}: make one with npm run leads -- new-secret`);
    }
    keys.push(parsed.key);
  }
  return ok(keys);
}

function days(min: number, max: number) {
  return (raw: string): Parsed<number> => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && value >= min && value <= max
      ? ok(value)
      : problem(`must be a whole number of days from ${min} to ${max}`);
  };
}

function milliseconds(min: number, max: number) {
  return (raw: string): Parsed<number> => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && value >= min && value <= max
      ? ok(value)
      : problem(`must be a whole number of milliseconds from ${min} to ${max}`);
  };
}

/** A number of requests a client may make in a window; 0 switches the limit off. */
function requestLimit(raw: string): Parsed<number> {
  const value = Number(raw);
  return /^\d+$/.test(raw) && value <= MAX_REQUEST_LIMIT
    ? ok(value)
    : problem(`must be a whole number of requests from 0 (no limit) to ${MAX_REQUEST_LIMIT}`);
}

function seconds(min: number, max: number) {
  return (raw: string): Parsed<number> => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && value >= min && value <= max
      ? ok(value)
      : problem(`must be a whole number of seconds from ${min} to ${max}`);
  };
}

function dailyCap(raw: string): Parsed<number> {
  const value = Number(raw);
  return /^\d+$/.test(raw) && value <= MAX_DAILY_CAP
    ? ok(value)
    : problem(`must be a whole number of lookups a day from 0 (no cap) to ${MAX_DAILY_CAP}`);
}

/** proxy-addr's named ranges, accepted by Fastify's trustProxy next to addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function proxyList(raw: string): Parsed<string[]> {
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  return bad.length === 0
    ? ok(entries)
    : problem(
        `must list proxy addresses or CIDR ranges separated by commas, like 10.0.0.0/8,127.0.0.1 ` +
          `(${bad.map((entry) => JSON.stringify(entry)).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not)`,
      );
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevel(raw: string): Parsed<LogLevel> {
  const level = LOG_LEVELS.find((candidate) => candidate === raw.toLowerCase());
  return level === undefined ? problem(`must be one of ${LOG_LEVELS.join(', ')}`) : ok(level);
}

// ---- the table ----

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
    parse: productName,
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
      'in seconds (0: never reused). Only numbers the offline check finds possible are ever looked up.',
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
  leadForwardUrl: optional({
    name: 'LEAD_FORWARD_URL',
    description:
      'Where stored leads are delivered: each lead is POSTed there as JSON, retried with growing pauses for about ' +
      'a day when it fails. Unset: leads are stored and kept queued (for up to 30 days) until it is set.',
    example: 'https://leads.example.com/v1/leads',
    secret: true,
    parse: webUrl,
  }),
  leadForwardSigningKeys: optional({
    name: 'LEAD_FORWARD_SECRET',
    description:
      'The secret shared with the lender, as whsec_ and base64 (npm run leads -- new-secret makes one): every ' +
      'delivery is then signed in the Standard Webhooks scheme (webhook-signature; docs/lender-signatures.md). ' +
      'To rotate it, list the new secret first and the old one second, separated by a comma: each delivery carries ' +
      'both signatures until the old one is removed.',
    example: 'whsec_jWdHXy7rzwGhMm9k8ND/tHi3OlvQ495fIEYI2LtOTmU=',
    secret: true,
    parse: signingSecrets,
  }),
  leadForwardTimeoutMs: withDefault({
    name: 'LEAD_FORWARD_TIMEOUT_MS',
    description:
      'How long one delivery attempt waits for the lender to answer, in milliseconds, before it counts as failed.',
    default: '10000',
    parse: milliseconds(1000, 120_000),
  }),
  rateLimitIpWindowSeconds: withDefault({
    name: 'RATE_LIMIT_IP_WINDOW_SECONDS',
    description:
      'The window, in seconds, that the per-address limits (RATE_LIMIT_..._PER_IP) count requests in; an IPv6 ' +
      'address counts with its whole /64. Each server process counts on its own.',
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
  leadRetentionDays: withDefault({
    name: 'LEAD_RETENTION_DAYS',
    description:
      'How many days a lead keeps its personal data; a daily job then erases it (an undelivered lead is kept at ' +
      'least 62 days, while it can still be delivered). The consent evidence, with the phone number and email it ' +
      `was given for, is kept five years. From ${MIN_LEAD_RETENTION_DAYS} to ${MAX_LEAD_RETENTION_DAYS} (five years).`,
    default: '365',
    parse: days(MIN_LEAD_RETENTION_DAYS, MAX_LEAD_RETENTION_DAYS),
  }),
  leadForwardReclaimSeconds: withDefault({
    name: 'LEAD_FORWARD_RECLAIM_SECONDS',
    description:
      'When a server dies during a delivery attempt, how many seconds after LEAD_FORWARD_TIMEOUT_MS another server ' +
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
  logLevel: withDefault({
    name: 'LOG_LEVEL',
    description: `How much the server logs: ${LOG_LEVELS.join(', ')}.`,
    default: 'info',
    parse: logLevel,
  }),
} as const;

type ValueOf<V> = V extends Variable<infer T> ? T : never;

export type Config = { readonly [K in keyof typeof VARIABLES]: ValueOf<(typeof VARIABLES)[K]> };

/** Every problem with the settings, reported together so one restart fixes them all. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      `The server settings have ${count}. Fix them in the environment or in .env (see .env.example):\n` +
        problems.map((text) => `  - ${text}`).join('\n'),
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Validates the environment into the config object, or throws a ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    const raw = (env[variable.name] ?? '').trim();
    const text = raw === '' ? variable.default : raw;
    if (text === undefined) {
      values[key] = undefined;
      continue;
    }
    const parsed = variable.parse(text);
    if (parsed.ok) {
      values[key] = parsed.value;
    } else {
      const got = variable.secret ? '(value not shown: it may hold a password)' : `(got ${JSON.stringify(text)})`;
      problems.push(`${variable.name} ${parsed.problem} ${got}`);
    }
  }
  const config = values as Config;
  problems.push(...crossChecks(config, problems));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

function crossChecks(config: Config, earlier: readonly string[]): string[] {
  const problems: string[] = [];
  const mentioned = (name: string) => earlier.some((text) => text.startsWith(`${name} `));
  const hasAuth = config.gtmAuth !== undefined || mentioned('GTM_AUTH');
  const hasPreview = config.gtmPreview !== undefined || mentioned('GTM_PREVIEW');
  if ((hasAuth || hasPreview) && config.gtmId === undefined && !mentioned('GTM_ID')) {
    problems.push('GTM_AUTH and GTM_PREVIEW need GTM_ID: set GTM_ID to the container id, or remove them');
  }
  if (hasAuth !== hasPreview) {
    problems.push(
      'GTM_AUTH and GTM_PREVIEW go together (both come from one Google Tag Manager environment): set both or neither',
    );
  }
  const hasLookupUrl = config.phoneLookupUrl !== undefined || mentioned('PHONE_LOOKUP_URL');
  const hasLookupKey = config.phoneLookupApiKey !== undefined || mentioned('PHONE_LOOKUP_API_KEY');
  if (hasLookupUrl !== hasLookupKey) {
    problems.push(
      'PHONE_LOOKUP_URL and PHONE_LOOKUP_API_KEY go together (the service needs its key): set both or neither',
    );
  }
  return problems;
}

/** Reads `.env` at the project root into process.env when the file exists; variables already set win. */
export function loadDotEnv(file = join(PROJECT_ROOT, '.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

// ---- .env.example ----

function wrap(text: string, width = 116): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The text of .env.example, generated from the table above. */
export function renderEnvExample(): string {
  const header = [
    '# Fundflow server settings. Copy this file to .env and uncomment what you change;',
    '# variables set in the real environment win over .env.',
    '# Generated from server/config.ts by `node server/tools/env-example.ts`: edit the table there, not this file.',
  ];
  const blocks = Object.values(VARIABLES).map((variable: Variable<unknown>) => {
    const note = variable.default === undefined ? 'Optional. ' : `Default: ${variable.default}. `;
    const value = variable.default ?? variable.example ?? '';
    return [...wrap(`${variable.description} ${note.trim()}`).map((line) => `# ${line}`), `# ${variable.name}=${value}`];
  });
  return [header, ...blocks].map((block) => block.join('\n')).join('\n\n') + '\n';
}
