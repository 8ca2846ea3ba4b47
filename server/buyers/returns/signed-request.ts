/**
 * Checks a call a buyer signed in the Standard Webhooks scheme (https://www.standardwebhooks.com/), the scheme our
 * deliveries to it are signed in: `webhook-signature` lists `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`,
 * keyed by one of the buyer's secrets, and the timestamp is within five minutes of now, so a recorded call cannot be
 * replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** Room for any id a library makes (msg_<ksuid>, a UUID); past it the header is not ours to hash. */
const MAX_ID_LENGTH = 256;
/** A few signatures side by side while a buyer rotates secrets; more is not a signature header. */
const MAX_SIGNATURES = 8;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Whether `body` came signed with one of `keys`. Every listed signature is compared with every key's, in constant
 * time; no key (an unknown buyer, or one without secrets) verifies nothing, after the same work.
 */
export function verifySignedRequest(
  keys: readonly Buffer[],
  headers: IncomingHttpHeaders,
  body: string,
  nowMs: number,
): boolean {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (id === undefined || id === '' || id.length > MAX_ID_LENGTH) return false;
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS) return false;
  if (signatures === undefined) return false;
  const given = signatures
    .split(' ')
    .slice(0, MAX_SIGNATURES)
    .flatMap((entry) => {
      const [version, value] = entry.split(',');
      return version === 'v1' && value !== undefined && value !== '' ? [Buffer.from(value, 'base64')] : [];
    });
  const signed = `${id}.${timestamp}.${body}`;
  // A stand-in key for a caller without keys, so an unknown buyer takes as long to refuse as a wrong signature.
  const candidates = keys.length > 0 ? keys : [Buffer.alloc(32)];
  let verified = false;
  for (const key of candidates) {
    const expected = createHmac('sha256', key).update(signed).digest();
    for (const signature of given) {
      if (signature.length === expected.length && timingSafeEqual(signature, expected)) verified = true;
    }
  }
  return verified && keys.length > 0;
}
