/**
 * Google's enhanced conversions: the lead's email and phone, normalised as Google specifies and hashed (SHA-256, hex),
 * for the tag manager's lead_submitted event. The values as typed never leave this module. Loaded only at lead time
 * and only where ENHANCED_CONVERSIONS is on, so the first screen's script does not carry it.
 */

/** The `user_data` of lead_submitted, named as Google's tag reads it. */
export interface UserData {
  sha256_email_address?: string;
  sha256_phone_number?: string;
}

const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** Trimmed and lower-cased; Gmail ignores dots before the @, so Google drops them for gmail.com and googlemail.com. */
export function normalisedEmail(email: string): string | undefined {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return undefined;
  const [local, domain] = [address.slice(0, at), address.slice(at + 1)];
  return DOTLESS_DOMAINS.has(domain) ? `${local.replaceAll('.', '')}@${domain}` : address;
}

/** A US number in E.164, +1 and ten digits, whatever separators it was typed with. */
export function e164UsPhone(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `+1${national}` : undefined;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The hashes of the answers' email and phone; an answer missing or not usable is left out. */
export async function hashedUserData(answers: Readonly<Record<string, unknown>>): Promise<UserData> {
  const email = typeof answers.email === 'string' ? normalisedEmail(answers.email) : undefined;
  const phone = typeof answers.phone === 'string' ? e164UsPhone(answers.phone) : undefined;
  return {
    ...(email === undefined ? {} : { sha256_email_address: await sha256Hex(email) }),
    ...(phone === undefined ? {} : { sha256_phone_number: await sha256Hex(phone) }),
  };
}
