/**
 * The Idempotency-Key a client sends with a lead (the page: one per form session), and the fingerprint of the request
 * it came with, so a retry after a lost answer stores nothing twice and a reused key with another lead is caught.
 */
import { createHash } from 'node:crypto';

/**
 * Visible ASCII, at least 16 characters: keys are unique across all clients, so a short one could meet another
 * client's. A UUID fits.
 */
const KEY = /^[\x21-\x7e]{16,255}$/;

export type KeyHeader = { ok: true; key: string | undefined } | { ok: false; problem: string };

/** The header's key, none when it is absent, or what is wrong with it. */
export function idempotencyKeyOf(header: string | string[] | undefined): KeyHeader {
  if (header === undefined) return { ok: true, key: undefined };
  if (Array.isArray(header)) return { ok: false, problem: 'Must be sent once' };
  return KEY.test(header)
    ? { ok: true, key: header }
    : { ok: false, problem: 'Must be 16 to 255 visible ASCII characters, such as a UUID' };
}

/** JSON with every object's keys in order, so the same lead sent with its keys in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the request body as parsed. */
export function requestSha256(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
