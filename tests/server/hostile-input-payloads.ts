/**
 * Hostile requests generated from a seed, for tests/server/hostile-input.test.ts: wrong types, oversized strings,
 * unknown fields, prototype-pollution keys, HTML and SQL, broken JSON, wrong content types, bodies over the limit,
 * odd query strings and paths, bad methods, bad cookies and XSRF headers. The same seed gives the same requests, so a
 * failure can be replayed.
 */
import type { InjectOptions } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contracts/api-paths.ts';
import { TEST_XSRF_TOKEN } from '../support/server-harness.ts';

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Generator {
  readonly random: () => number;

  constructor(random: () => number) {
    this.random = random;
  }

  int(below: number): number {
    return Math.floor(this.random() * below);
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  text(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}

/** The keys that reach an object's prototype when a parser or a merge is careless. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** What a polluted prototype would show: a property no object has. */
export const POLLUTION_MARK = 'hostilePolluted';

/**
 * HTML, script and SQL written as attackers write them. The SQL names tables this app does not have, so any of our
 * own table names or database error texts in an answer can only have come from the server.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  "' UNION SELECT password FROM accounts --",
  "admin'--",
  '\\',
  '\u0000',
  '\ud800',
  '\u202e\u0633\u0644\u0627\u0645',
  '🙂'.repeat(30),
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie:%20x=1',
  '\r\nX-Injected: 1',
  'NaN',
  '-1e309',
  ' ',
  '',
];

/** Values of every JSON type, including the ones a field never expects. */
export function wrongTypeValue(g: Generator, depth = 0): unknown {
  const kinds = [
    () => null,
    () => true,
    () => g.int(2 ** 31) * (g.chance(0.5) ? -1 : 1),
    () => g.pick([0, -0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5000.0000001]),
    () => g.pick(HOSTILE_STRINGS),
    () => [],
    () => (depth < 3 ? [wrongTypeValue(g, depth + 1), wrongTypeValue(g, depth + 1)] : 'x'),
    () => (depth < 3 ? { [g.text(6)]: wrongTypeValue(g, depth + 1) } : 1),
    () => nested(g.int(200) + 1),
  ];
  return g.pick(kinds)();
}

/** An array nested `depth` deep: parsers and validators that recurse must not fall over. */
function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A string longer than any field takes, up to `max` characters. */
export function oversizedString(g: Generator, max: number): string {
  const length = 51 + g.int(Math.max(1, max - 51));
  return g.pick(['a', '<', "'", '9', 'é', '\u200b']).repeat(length);
}

/** `object` as JSON text with `key` (a prototype key) holding a pollution attempt, written as a parser reads it. */
function withPrototypeKey(g: Generator, object: Record<string, unknown>): string {
  const json = JSON.stringify(object);
  const attempt = g.pick([
    `"__proto__":{"${POLLUTION_MARK}":"yes"}`,
    `"constructor":{"prototype":{"${POLLUTION_MARK}":"yes"}}`,
    `"prototype":{"${POLLUTION_MARK}":"yes"}`,
    `"__proto__":{"__proto__":{"${POLLUTION_MARK}":"yes"}}`,
    `"a":{"__proto__":{"${POLLUTION_MARK}":"yes"}}`,
    `"constructor":"x"`,
  ]);
  return json === '{}' ? `{${attempt}}` : `{${attempt},${json.slice(1)}`;
}

/** JSON text no parser takes. */
function brokenJson(g: Generator, object: Record<string, unknown>): string {
  const json = JSON.stringify(object);
  return g.pick([
    () => json.slice(0, g.int(json.length)),
    () => `${json.slice(0, -1)},}`,
    () => json.replaceAll('"', "'"),
    () => `${json}${json}`,
    () => `\ufeff${json}x`,
    () => `{"a": NaN, ${json.slice(1)}`,
    () => `/* comment */${json}`,
    () => `{"a":1 "b":2}`,
    () => '{"a": "unterminated',
    () => '[[[[[[[[[[',
    () => g.text(40, '{}[]":,\\ abc01'),
    () => json.replace(':', ':\u0000'),
    () => `{"a":"\\ud800"}`,
    () => `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  ])();
}

export interface BodyRoute {
  /** A body the route takes. */
  valid: () => Record<string, unknown>;
  /** The route's body limit in bytes. */
  bodyLimit: number;
}

export interface GeneratedBody {
  payload: string | Buffer;
  contentType: string | undefined;
  /** Why this body: printed with a failure. */
  kind: string;
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/jsonp',
  'application/json-patch+json',
  'json',
  '',
  ';;;',
  'application/json\r\nx: y',
];

/** A body for a POST route: mostly a valid one spoiled one way or another, sometimes not JSON at all. */
export function hostileBody(g: Generator, route: BodyRoute): GeneratedBody {
  const json = 'application/json';
  const base = route.valid();
  const keys = Object.keys(base);
  const choice = g.int(100);
  if (choice < 20) {
    const body = { ...base };
    for (let i = 0, n = 1 + g.int(3); i < n; i++) body[g.pick(keys)] = wrongTypeValue(g);
    return { payload: JSON.stringify(body), contentType: json, kind: 'wrong types' };
  }
  if (choice < 30) {
    const body = { ...base, [g.pick(keys)]: oversizedString(g, Math.min(route.bodyLimit - 200, 20_000)) };
    return { payload: JSON.stringify(body), contentType: json, kind: 'oversized string' };
  }
  if (choice < 40) {
    const body: Record<string, unknown> = { ...base };
    for (let i = 0, n = 1 + g.int(4); i < n; i++) {
      body[g.chance(0.3) ? g.pick(HOSTILE_STRINGS) : g.text(1 + g.int(12))] = wrongTypeValue(g);
    }
    return { payload: JSON.stringify(body), contentType: json, kind: 'unknown fields' };
  }
  if (choice < 52) return { payload: withPrototypeKey(g, base), contentType: json, kind: 'prototype keys' };
  if (choice < 64) {
    const body = { ...base, [g.pick(keys)]: g.pick(HOSTILE_STRINGS) };
    return { payload: JSON.stringify(body), contentType: json, kind: 'HTML or SQL' };
  }
  if (choice < 74) return { payload: brokenJson(g, base), contentType: json, kind: 'broken JSON' };
  if (choice < 82) {
    return { payload: JSON.stringify(wrongTypeValue(g)), contentType: json, kind: 'not an object' };
  }
  if (choice < 90) {
    const contentType = g.chance(0.1) ? undefined : g.pick(WRONG_CONTENT_TYPES);
    return { payload: JSON.stringify(base), contentType, kind: 'wrong content type' };
  }
  if (choice < 93) {
    return {
      payload: Buffer.alloc(route.bodyLimit + 1 + g.int(1000), 0x20),
      contentType: json,
      kind: 'over the limit',
    };
  }
  if (choice < 96) return { payload: '', contentType: json, kind: 'empty' };
  const body: Record<string, unknown> = { ...base };
  delete body[g.pick(keys)];
  return { payload: JSON.stringify(body), contentType: json, kind: 'missing field' };
}

/** Percent-encoded; a lone surrogate, which has no UTF-8, as the bytes a careless client sends for it. */
function urlEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** A query string (with its "?", or nothing) built to trip a query parser or a hand-written check. */
export function hostileQuery(g: Generator, names: readonly string[], valid: Record<string, string>): string {
  const odd = () => g.pick([...PROTOTYPE_KEYS, g.text(5), 'a[]', 'a[b]']);
  const name = () => (g.chance(0.7) && names.length > 0 ? g.pick(names) : odd());
  const value = () => urlEncoded(g.pick([...HOSTILE_STRINGS, g.text(g.int(20)), '90210', '3105550147']));
  const validPart = Object.entries(valid)
    .map(([key, v]) => `${key}=${v}`)
    .join('&');
  return g.pick([
    () => '',
    () => '?',
    () => `?${validPart}`,
    () => `?${validPart}&${validPart}`,
    () => `?${validPart}&${name()}=${value()}`,
    () => `?${name()}=${value()}`,
    () => `?${name()}`,
    () => `?${name()}=${value()}&${name()}=${value()}&${name()}=${value()}`,
    () => `?__proto__[${POLLUTION_MARK}]=yes&${validPart}`,
    () => `?constructor[prototype][${POLLUTION_MARK}]=yes`,
    () => `?${name()}=${g.pick(['%', '%zz', '%u0041', '%c0%ae', '%ff', '%00'])}`,
    () => `?${'&'.repeat(g.int(500))}`,
    () => `?${name()}=${'9'.repeat(1000 + g.int(20_000))}`,
    () => `?${validPart}#fragment`,
    () => `?${'x=1&'.repeat(2000)}`,
  ])();
}

/**
 * Cookie and XSRF headers: mostly the right pair, otherwise missing, mismatched, malformed, repeated, huge, made up,
 * or sent from another site.
 */
export function hostileXsrf(g: Generator): { headers: Record<string, string>; matches: boolean } {
  const token = TEST_XSRF_TOKEN;
  const header = XSRF_HEADER.toLowerCase();
  const good = { cookie: `${XSRF_COOKIE}=${token}`, [header]: token };
  if (g.chance(0.7)) return { headers: good, matches: true };
  const other = 'b3RoZXItdG9rZW4tb2YtMzItYnl0ZXMtbG9uZy14eA';
  const variants: Record<string, string>[] = [
    {},
    { cookie: `${XSRF_COOKIE}=${token}` },
    { [header]: token },
    { cookie: `${XSRF_COOKIE}=${token}`, [header]: other },
    { cookie: `${XSRF_COOKIE}=${other}; ${XSRF_COOKIE}=${token}`, [header]: token },
    { cookie: `${XSRF_COOKIE}=${token.slice(0, 10)}`, [header]: token.slice(0, 10) },
    { cookie: `${XSRF_COOKIE}=${g.pick(HOSTILE_STRINGS)}`, [header]: g.pick(HOSTILE_STRINGS) },
    { cookie: `${XSRF_COOKIE}=`, [header]: '' },
    { cookie: `${XSRF_COOKIE}=${'A'.repeat(4000)}`, [header]: 'A'.repeat(4000) },
    { cookie: `;;;==;${XSRF_COOKIE}`, [header]: token },
    { cookie: `${XSRF_COOKIE}=${token}`, [header]: ` ${token} ` },
    { cookie: `__proto__=${token}; constructor=${token}`, [header]: token },
    // A pair the client made up, and the right pair sent from another site.
    { cookie: `${XSRF_COOKIE}=${other}`, [header]: other },
    { ...good, origin: g.pick(['https://attacker.example', 'null', 'http://localhost.attacker.example']) },
    { ...good, referer: 'https://attacker.example/form' },
    { ...good, 'sec-fetch-site': g.pick(['cross-site', 'same-site']) },
  ];
  return { headers: g.pick(variants), matches: false };
}

/** Odd request headers a proxy or an attacker might add; none may change an answer's safety. */
export function hostileHeaders(g: Generator): Record<string, string> {
  const headers: Record<string, string> = {};
  if (g.chance(0.2))
    headers['x-forwarded-for'] = g.pick(['203.0.113.66', '1.1.1.1, 2.2.2.2', 'unknown', '<script>', '::1']);
  if (g.chance(0.1)) headers['x-forwarded-proto'] = g.pick(['https', 'gopher', '']);
  if (g.chance(0.1)) headers['x-forwarded-host'] = g.pick(['attacker.example', '<img>']);
  if (g.chance(0.1)) headers.accept = g.pick(['text/html', '*/*', 'application/xml', 'image/png;q=0']);
  if (g.chance(0.1)) headers['accept-encoding'] = g.pick(['br', 'gzip', 'identity;q=0', 'x-nope', '*']);
  if (g.chance(0.05)) headers.range = g.pick(['bytes=0-1', 'bytes=-1', 'bytes=999999-', 'bytes=a-b', 'lines=1-2']);
  if (g.chance(0.05)) headers['if-none-match'] = g.pick(['*', '"x"', 'W/"0"']);
  if (g.chance(0.05)) headers['x-http-method-override'] = g.pick(['DELETE', 'PUT']);
  if (g.chance(0.05)) headers['content-encoding'] = g.pick(['gzip', 'klingon', 'identity', 'br, gzip']);
  // The opt-out preference signal: only "1" is one (decision 121).
  if (g.chance(0.1)) headers['sec-gpc'] = g.pick(['1', '0', '2', 'true', '', '1, 1', '<script>', '1'.repeat(2000)]);
  return headers;
}

const BAD_METHODS: InjectOptions['method'][] = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH'];

export function badMethod(g: Generator, allowed: readonly string[]): NonNullable<InjectOptions['method']> {
  const choices = [...BAD_METHODS, 'GET', 'HEAD', 'POST'].filter((method) => !allowed.includes(method as string));
  return g.pick(choices) as NonNullable<InjectOptions['method']>;
}

/** A path under a page or the site's files, as a scanner or a traversal attempt would ask for it. */
export function hostilePath(g: Generator, routes: readonly string[]): string {
  return g.pick([
    () => `${g.pick(routes)}/${g.text(1 + g.int(10))}`,
    () => `/${g.pick(['..', '%2e%2e', '..%2f', '%2e%2e%2f', '....//', '..\\'])}`.repeat(1 + g.int(6)) + 'etc/passwd',
    () => g.pick(['/.sources', '/.env', '/.git/config', '/index.html.br', '/index.html.gz', '/package.json']),
    () => `/${urlEncoded(g.pick(HOSTILE_STRINGS))}`,
    () => `/${'a/'.repeat(1 + g.int(300))}`,
    () => `/${'x'.repeat(100 + g.int(8000))}`,
    () => `//${g.text(8)}.example/${g.text(4)}`,
    () => `/${g.pick(['%', '%zz', '%00', '%c0%af', '%ff%fe', ';', '%3B'])}${g.text(3)}`,
    () => `/main.1a2b3c4d.js${g.pick(['/', '.map', '%00.html', '?x=<script>', '/..'])}`,
    () => `/assets${g.pick(['', '/', '/../', '/logo.0badf00d.svg/x'])}`,
    () => `/api${g.pick(['', '/', '/v1', '/v1/', '/v2/leads/trigger', '/v1/leads/trigger/..', '/v1/health%00'])}`,
  ])();
}
