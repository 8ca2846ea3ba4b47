/**
 * The parsers of the settings table: each returns the value or what the value must be ("PORT" + problem reads as a
 * sentence).
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { emailProblem, normalEmail, passwordProblem } from '../../../contracts/accounts.ts';
import type { PlacesApi } from '../../../contracts/public-config.ts';
import { signingKey } from '../webhook-signature.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { ok, type Parsed, problem } from './variable.ts';
import type { ConsentRule, ConsentState } from '../../../contracts/consent-mode.ts';

/** Secrets BUYER_SECRET may list at once: the current one and those a rotation is moving away from. */
const MAX_SIGNING_SECRETS = 3;

/** Past these a limit means nothing: 0 is how a limit is switched off. */
const MAX_REQUEST_LIMIT = 1_000_000;
const MAX_DAILY_CAP = 10_000_000;

export function port(raw: string): Parsed<number> {
  const value = Number(raw);
  return /^\d+$/.test(raw) && value >= 1 && value <= 65535
    ? ok(value)
    : problem('must be a whole number from 1 to 65535');
}

export function host(raw: string): Parsed<string> {
  return /^[A-Za-z0-9.:_%[\]-]+$/.test(raw)
    ? ok(raw)
    : problem('must be an address to listen on, such as 0.0.0.0 (every interface), 127.0.0.1 or ::');
}

/** A folder; relative paths are taken from the project root, whatever the working directory. */
export function directory(raw: string): Parsed<string> {
  return raw.includes('\0') ? problem('must be a folder path') : ok(resolve(PROJECT_ROOT, raw));
}

/** A file; relative paths are taken from the project root, whatever the working directory. */
export function filePath(raw: string): Parsed<string> {
  return raw.includes('\0') ? problem('must be a file path') : ok(resolve(PROJECT_ROOT, raw));
}

export function postgresUrl(raw: string): Parsed<string> {
  const url = URL.parse(raw);
  if (url === null || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.hostname === '') {
    return problem('must be a PostgreSQL URL like postgres://user:password@host:5432/database');
  }
  return ok(raw);
}

export function webUrl(raw: string): Parsed<string> {
  const url = URL.parse(raw);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return problem('must be an absolute http:// or https:// URL, like https://example.com/privacy');
  }
  return ok(url.href);
}

/** A name people read (the product's, a buyer's): plain text on one line. */
export function displayName(raw: string): Parsed<string> {
  // eslint-disable-next-line no-control-regex -- control characters (a line break, a NUL) are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(raw)) return problem('must be plain text on one line');
  return raw.length <= 80 ? ok(raw) : problem('must be at most 80 characters');
}

export function gtmId(raw: string): Parsed<string> {
  return /^GTM-[A-Z0-9]+$/.test(raw) ? ok(raw) : problem('must be a Google Tag Manager container id like GTM-XXXXXXX');
}

export function gtmAuth(raw: string): Parsed<string> {
  return /^[A-Za-z0-9_-]+$/.test(raw)
    ? ok(raw)
    : problem('must be the gtm_auth value of a Google Tag Manager environment (letters, digits, - and _)');
}

export function gtmPreview(raw: string): Parsed<string> {
  return /^env-\d+$/.test(raw)
    ? ok(raw)
    : problem('must be the gtm_preview value of a Google Tag Manager environment, like env-3');
}

export function apiKey(raw: string): Parsed<string> {
  return /^[A-Za-z0-9_-]+$/.test(raw) ? ok(raw) : problem('must contain only letters, digits, - and _');
}

/** A key issued by a third-party service: any visible characters, no spaces. */
export function serviceKey(raw: string): Parsed<string> {
  return /^[\x21-\x7e]+$/.test(raw) ? ok(raw) : problem('must be the key exactly as the service issued it (no spaces)');
}

/** A key of the server's own: at least 32 visible characters, used as given. */
export function signingKeyText(raw: string): Parsed<Buffer> {
  return /^[\x21-\x7e]{32,}$/.test(raw)
    ? ok(Buffer.from(raw, 'utf8'))
    : problem('must be at least 32 visible characters without spaces (openssl rand -base64 32 makes one)');
}

export function boolean(raw: string): Parsed<boolean> {
  const text = raw.toLowerCase();
  if (text === 'true' || text === '1') return ok(true);
  if (text === 'false' || text === '0') return ok(false);
  return problem('must be true, false, 1 or 0');
}

/** One to three `whsec_` secrets, separated by commas: the newest first while a buyer moves to it. */
export function signingSecrets(raw: string): Parsed<readonly Buffer[]> {
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

export function days(min: number, max: number) {
  return (raw: string): Parsed<number> => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && value >= min && value <= max
      ? ok(value)
      : problem(`must be a whole number of days from ${min} to ${max}`);
  };
}

export function milliseconds(min: number, max: number) {
  return (raw: string): Parsed<number> => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && value >= min && value <= max
      ? ok(value)
      : problem(`must be a whole number of milliseconds from ${min} to ${max}`);
  };
}

/** A number of requests a client may make in a window; 0 switches the limit off. */
export function requestLimit(raw: string): Parsed<number> {
  const value = Number(raw);
  return /^\d+$/.test(raw) && value <= MAX_REQUEST_LIMIT
    ? ok(value)
    : problem(`must be a whole number of requests from 0 (no limit) to ${MAX_REQUEST_LIMIT}`);
}

export function seconds(min: number, max: number) {
  return (raw: string): Parsed<number> => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && value >= min && value <= max
      ? ok(value)
      : problem(`must be a whole number of seconds from ${min} to ${max}`);
  };
}

export function dailyCap(raw: string): Parsed<number> {
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

export function proxyList(raw: string): Parsed<string[]> {
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  return bad.length === 0
    ? ok(entries)
    : problem(
        `must list proxy addresses or CIDR ranges separated by commas, like 10.0.0.0/8,127.0.0.1 ` +
          `(${bad.map((entry) => JSON.stringify(entry)).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not)`,
      );
}

/** An https origin, its host either named or a `*.` wildcard over a domain's subdomains; no path, no query. */
const HTTPS_SOURCE = /^https:\/\/(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?$/i;

/** Origins the tag manager's tags send their hits to, for the page's Content-Security-Policy. */
export function tagSources(raw: string): Parsed<string[]> {
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !HTTPS_SOURCE.test(entry));
  return bad.length === 0
    ? ok([...new Set(entries.map((entry) => entry.toLowerCase()))])
    : problem(
        'must list https origins separated by commas, like https://www.googleadservices.com,https://*.doubleclick.net ' +
          `(${bad.map((entry) => JSON.stringify(entry)).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not)`,
      );
}

/** The arms of a split test: flow versions and their whole-number weights, "v1:50,v2:25,v3:25". */
export function splitTest(raw: string): Parsed<ReadonlyMap<string, number>> {
  const arms = new Map<string, number>();
  for (const entry of raw.split(',').map((part) => part.trim())) {
    const [, version, weight] = /^([A-Za-z0-9_-]{1,64}):(\d{1,6})$/.exec(entry) ?? [];
    if (version === undefined || weight === undefined) {
      return problem(
        `must list version:weight pairs separated by commas, like v1:50,v2:50 (${JSON.stringify(entry)} is not)`,
      );
    }
    if (arms.has(version)) return problem(`names ${version} twice: give each version one weight`);
    arms.set(version, Number(weight));
  }
  if (arms.size < 2) return problem('needs at least two versions to split visitors between, like v1:50,v2:50');
  if (![...arms.values()].some((weight) => weight > 0)) return problem('needs at least one weight above 0');
  return ok(arms);
}

const CONSENT_STATES: readonly ConsentState[] = ['granted', 'denied'];
const REGION = /^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/;
const CONSENT_FORMAT =
  'like granted, or granted;denied:US-CA,US-CO (a state, then any state:regions for ISO 3166-2 regions)';

/**
 * Google consent mode's defaults (docs/decisions/121-global-privacy-control-and-consent-mode.md): granted or denied for
 * everyone, then any number of `;state:REGION,REGION` for regions that differ, "granted;denied:US-CA,US-CO,DE".
 */
export function consentDefault(raw: string): Parsed<ConsentRule[]> {
  const [everywhere = '', ...parts] = raw.split(';').map((part) => part.trim());
  const state = (text: string) => CONSENT_STATES.find((candidate) => candidate === text.toLowerCase());
  const first = state(everywhere);
  if (first === undefined) return problem(`must start with granted or denied, ${CONSENT_FORMAT}`);
  const rules: ConsentRule[] = [{ state: first, regions: [] }];
  const seen = new Set<string>();
  for (const part of parts) {
    const [name = '', list = ''] = part.split(':', 2);
    const partState = state(name.trim());
    const regions = list.split(',').map((region) => region.trim().toUpperCase());
    if (partState === undefined || !part.includes(':')) {
      return problem(`has ${JSON.stringify(part)} where a state and its regions go, ${CONSENT_FORMAT}`);
    }
    const bad = regions.filter((region) => !REGION.test(region));
    if (bad.length > 0) {
      return problem(
        `names ${bad.map((region) => JSON.stringify(region)).join(', ')}, which is not a region: write a country ` +
          '(DE) or an ISO 3166-2 subdivision (US-CA)',
      );
    }
    const twice = regions.find((region) => seen.has(region));
    if (twice !== undefined) return problem(`names ${twice} twice: give each region one state`);
    for (const region of regions) seen.add(region);
    rules.push({ state: partState, regions });
  }
  return ok(rules);
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function logLevel(raw: string): Parsed<LogLevel> {
  const level = LOG_LEVELS.find((candidate) => candidate === raw.toLowerCase());
  return level === undefined ? problem(`must be one of ${LOG_LEVELS.join(', ')}`) : ok(level);
}

/** How the server writes its log (docs/decisions/124-install-scripts-and-readable-logs.md). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export function logFormat(raw: string): Parsed<LogFormat> {
  const format = LOG_FORMATS.find((candidate) => candidate === raw.trim().toLowerCase());
  return format === undefined
    ? problem('must be json (one JSON object a line, for log collectors) or pretty (coloured lines for a terminal)')
    : ok(format);
}

/** Whether the console's admins must sign in with a second factor (docs/decisions/065-console-second-factor.md). */
export const SECOND_FACTOR_MODES = ['required', 'optional'] as const;
export type SecondFactorMode = (typeof SECOND_FACTOR_MODES)[number];

export function secondFactorMode(raw: string): Parsed<SecondFactorMode> {
  const mode = SECOND_FACTOR_MODES.find((candidate) => candidate === raw.trim().toLowerCase());
  return mode === undefined
    ? problem(
        'must be required (admins sign in with a code from an authenticator app) or optional (offered to everyone, ' +
          'for local trials and test runs)',
      )
    : ok(mode);
}

/** Which Google service suggests addresses (docs/decisions/120-places-api-new.md). */
export const PLACES_APIS = ['new', 'legacy'] as const satisfies readonly PlacesApi[];

export function placesApi(raw: string): Parsed<PlacesApi> {
  const api = PLACES_APIS.find((candidate) => candidate === raw.trim().toLowerCase());
  return api === undefined
    ? problem(
        'must be new (Places API (New), for every key) or legacy (the legacy Places Autocomplete, only for Google ' +
          'Cloud projects that still have it)',
      )
    : ok(api);
}

/** A console user's email, trimmed and lower-cased as accounts are kept. */
export function email(raw: string): Parsed<string> {
  const normal = normalEmail(raw);
  const wrong = emailProblem(normal);
  return wrong === undefined ? ok(normal) : problem(wrong);
}

/** A console password (whether it contains its email is a cross-check of load.ts). */
export function password(raw: string): Parsed<string> {
  const wrong = passwordProblem(raw);
  return wrong === undefined ? ok(raw) : problem(wrong);
}
