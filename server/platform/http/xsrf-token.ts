/**
 * XSRF tokens the server can recognise as its own: 16 random bytes followed by the first 16 bytes of their
 * HMAC-SHA256 under a server secret, base64url (43 characters). A value a client made up fails the check, so it is
 * neither accepted with a state-changing call nor counted as a visit of its own by the per-visit limits
 * (docs/decisions/092-cross-site-requests-and-cookies.md).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const RANDOM_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface XsrfTokens {
  /** A new token. */
  issue(): string;
  /** Whether `token` is one this server (or another with the same secret) issued. */
  issued(token: string): boolean;
}

export function xsrfTokens(secret: Buffer): XsrfTokens {
  const mac = (random: Buffer) => createHmac('sha256', secret).update(random).digest().subarray(0, MAC_BYTES);
  return {
    issue() {
      const random = randomBytes(RANDOM_BYTES);
      return Buffer.concat([random, mac(random)]).toString('base64url');
    },
    issued(token) {
      if (!TOKEN.test(token)) return false;
      const bytes = Buffer.from(token, 'base64url');
      return timingSafeEqual(bytes.subarray(RANDOM_BYTES), mac(bytes.subarray(0, RANDOM_BYTES)));
    },
  };
}
