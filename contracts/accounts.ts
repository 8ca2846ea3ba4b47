/**
 * What a console account's email and password must be. Shared by the settings (ADMIN_EMAIL, ADMIN_PASSWORD), the
 * add-admin command, the invitation form and the console API's bodies (console.ts); each problem reads after the
 * thing's name ("ADMIN_PASSWORD must be...").
 */

/** Long enough for a passphrase; length is what makes a password hard to guess (NIST SP 800-63B). */
export const MIN_PASSWORD_LENGTH = 12;
/** The sign-in and invitation bodies' limit. */
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_EMAIL_LENGTH = 254;

/** Emails are compared and stored trimmed and lower-cased: one account per address, however it is typed. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Why `text` cannot be stored as typed, or undefined: the database's text refuses NUL and half a surrogate pair, and
 * no email holds a control character.
 */
export function textProblem(text: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  return /[\u0000-\u001f\u007f]|\p{Cs}/u.test(text) ? 'must be text without control characters' : undefined;
}

/** Why `email` (normalised) is not an email address, or undefined when it looks like one. */
export function emailProblem(email: string): string | undefined {
  if (email.length > MAX_EMAIL_LENGTH) return `must be at most ${MAX_EMAIL_LENGTH} characters`;
  const unstorable = textProblem(email);
  if (unstorable !== undefined) return unstorable;
  return /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(email) ? undefined : 'must be an email address like ana@example.com';
}

/** Why `password` may not be the password of `email`, or undefined when it may. */
export function passwordProblem(password: string, email?: string): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `must be at least ${MIN_PASSWORD_LENGTH} characters long (it has ${length}): a few words make a good one`;
  }
  if (length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  if (email !== undefined && email !== '') {
    const lower = password.toLowerCase();
    const name = normalEmail(email).split('@')[0] ?? '';
    // The address and its name part are the first guesses of anyone who knows whose account it is.
    if (lower.includes(normalEmail(email)) || (name.length >= 4 && lower.includes(name))) {
      return 'must not contain the email address or its name part';
    }
  }
  return undefined;
}
