/**
 * Deliveries are signed in the Standard Webhooks scheme (https://www.standardwebhooks.com/), so a buyer can check
 * with a library of its language, or twenty lines of its own, that a lead came from this server unchanged and is not
 * a replay: `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed by the
 * bytes of a `whsec_<base64>` secret. Several secrets sign side by side, one signature each, while a buyer moves from
 * one to the next (docs/buyer-signatures.md).
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** The scheme's bounds on a secret's key: 24 to 64 random bytes. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The HMAC key of a secret, or why it is not a `whsec_` secret of 24 to 64 bytes. */
export function signingKey(secret: string): { key: Buffer } | { problem: string } {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : undefined;
  if (encoded === undefined || !BASE64.test(encoded)) {
    return { problem: `must be "${SECRET_PREFIX}" followed by base64` };
  }
  const key = Buffer.from(encoded, 'base64');
  return key.length >= MIN_KEY_BYTES && key.length <= MAX_KEY_BYTES
    ? { key }
    : {
        problem: `must hold ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} random bytes after "${SECRET_PREFIX}" (it holds ${key.length})`,
      };
}

/** A new secret: 32 random bytes. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The `webhook-signature` header: one `v1,<signature>` per key, separated by spaces. */
export function webhookSignature(keys: readonly Buffer[], id: string, timestamp: string, body: string): string {
  const signed = `${id}.${timestamp}.${body}`;
  return keys.map((key) => `v1,${createHmac('sha256', key).update(signed).digest('base64')}`).join(' ');
}
