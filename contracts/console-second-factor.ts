/**
 * The console's second factor (docs/decisions/065-console-second-factor.md): a code from an authenticator app (TOTP)
 * after the password, or one of ten one-time recovery codes. Its paths and shapes, plain JSON Schema as in
 * contracts/console.ts; where a session stands with it is in that module's sessionResponse.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { CONSOLE_API, SESSION_PATH, USERS_PATH, sessionResponse } from './console.ts';

/** POST `{ code }`: the code that completes a sign-in whose password was right. */
export const SIGN_IN_CODE_PATH = `${SESSION_PATH}/code`;
export const SECOND_FACTOR_PATH = `${CONSOLE_API}/second-factor`;
/** POST: a new secret to set up; it replaces the user's second factor only once confirmed. */
export const SECOND_FACTOR_SETUP_PATH = `${SECOND_FACTOR_PATH}/setup`;
/** POST `{ code }`: a code from the app confirms the new secret; answers the recovery codes, shown this once. */
export const SECOND_FACTOR_CONFIRM_PATH = `${SECOND_FACTOR_PATH}/confirm`;
/** POST `{ code }`: the user removes their own second factor, where it is not required of them. */
export const SECOND_FACTOR_REMOVAL_PATH = `${SECOND_FACTOR_PATH}/removal`;
/** POST (admins, not on themselves): removes a user's second factor and ends their sessions (a lost device). */
export const SECOND_FACTOR_RESET = 'second-factor/reset';
export const secondFactorResetPath = (userId: string) => `${USERS_PATH}/${userId}/${SECOND_FACTOR_RESET}`;

/** How many recovery codes a set-up gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes a sign-in may send before its half-open session is ended. */
export const CODE_ATTEMPTS = 5;

/** The errors of a session that must give a code or set up a second factor before anything else (403). */
export const CODE_REQUIRED = 'second_factor_code_required';
export const SET_UP_REQUIRED = 'second_factor_setup_required';

/** A six-digit code from the app, or a recovery code (dashes and spaces are ignored). */
export const codeBody = {
  type: 'object',
  properties: { code: { type: 'string', maxLength: 64 } },
  required: ['code'],
  additionalProperties: false,
} as const;
export type CodeBody = FromSchema<typeof codeBody>;

/** The sign-in's code accepted: the session as GET /api/admin/session answers it, and whether a recovery code did it. */
export const signInCodeResponse = {
  type: 'object',
  properties: {
    ...sessionResponse.properties,
    used_recovery_code: { type: 'boolean' },
  },
  required: [...sessionResponse.required, 'used_recovery_code'],
  additionalProperties: false,
} as const;
export type SignInCodeResponse = FromSchema<typeof signInCodeResponse>;

/**
 * A secret to set up: the otpauth:// URI an authenticator app reads, the same as a QR code (an SVG data: URL to show as
 * an image), and the secret itself to type in by hand.
 */
export const setupResponse = {
  type: 'object',
  properties: {
    uri: { type: 'string' },
    qr_code: { type: 'string' },
    secret: { type: 'string' },
  },
  required: ['uri', 'qr_code', 'secret'],
  additionalProperties: false,
} as const;
export type SetupResponse = FromSchema<typeof setupResponse>;

/** The second factor is on: the recovery codes, each usable once; they are never shown again. */
export const confirmResponse = {
  type: 'object',
  properties: {
    recovery_codes: { type: 'array', items: { type: 'string' } },
  },
  required: ['recovery_codes'],
  additionalProperties: false,
} as const;
export type ConfirmResponse = FromSchema<typeof confirmResponse>;
