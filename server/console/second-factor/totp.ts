/**
 * Codes from an authenticator app: TOTP (RFC 6238) by the `otpauth` package, with the parameters every app reads
 * from an otpauth:// URI (SHA-1, six digits, 30 seconds). A code is accepted one step either side of now, for a
 * phone's clock that is a little off and a code typed as it changed.
 */
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Fundflow';
const PERIOD_SECONDS = 30;

function totpOf(email: string, secret: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret, in base32 as the apps take it. */
export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return totpOf(email, secret).toString();
}

/** Whether `code` looks like an app's code: six digits. */
export function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The time step (unix seconds / 30) whose code `code` is, within a step of `at`; undefined for a wrong code. */
export function stepOfCode(secret: string, code: string, at: number): number | undefined {
  if (!isAppCode(code)) return undefined;
  const delta = totpOf('', secret).validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? undefined : Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of `secret` at `at`: what the app shows then (the tests play the app). */
export function codeAt(secret: string, at: number): string {
  return totpOf('', secret).generate({ timestamp: at });
}
