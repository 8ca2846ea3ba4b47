/**
 * The "Do Not Sell My Information" request: a visitor names an email address or a phone number (or both) whose leads
 * must never reach a lender. "Stop contacting me" names the visitor's leads the same way, so it takes the same request.
 * One check for the page's forms and the server's routes, so both refuse the same input with the same words, and one
 * normalisation for the request and the leads it is matched against.
 * Plain code only: this module is bundled into the page.
 */
import type { ErrorResponse } from './api.ts';

/** What the page sends: at least one of the two. */
export interface OptOutRequest {
  email?: string;
  phone?: string;
}

export type OptOutField = NonNullable<ErrorResponse['fields']>[number];

/** The contact an accepted request names, normalised as `emailKey` and `phoneKey` do. */
export type OptOutContact = { email: string; phone?: string } | { email?: string; phone: string };

export type OptOutCheck = { ok: true; contact: OptOutContact } | { ok: false; fields: OptOutField[] };

export const OPT_OUT_MESSAGES = {
  required: 'Please enter your email address or phone number',
  email: 'Please enter a valid email',
  phone: 'Please enter a valid phone number',
  unexpected: 'This field is not expected here',
} as const;

/** The lead form's own email rule (flows/*.json, the email step): an address no lead can carry needs no opt-out. */
const EMAIL = /^[A-Za-z0-9'+_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254;
/** Digits and what people write between them: (310) 555-0147, 310.555.0147, +1 310 555 0147. */
const PHONE_WRITING = /^[0-9()+.\s-]{10,30}$/;

/** An email as leads are matched by it: trimmed, in lower case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** A US phone number as leads are matched by it: its ten digits, without the country code 1. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

const blank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

function validEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL.test(trimmed) ? emailKey(trimmed) : undefined;
}

function validPhone(value: unknown): string | undefined {
  if (typeof value !== 'string' || !PHONE_WRITING.test(value.trim())) return undefined;
  const digits = phoneKey(value);
  return /^[0-9]{10}$/.test(digits) ? digits : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a request as it arrived (any JSON); a refusal names every field that is wrong. */
export function checkOptOut(body: unknown): OptOutCheck {
  if (!isRecord(body)) return { ok: false, fields: [] };
  const fields: OptOutField[] = Object.keys(body)
    .filter((key) => key !== 'email' && key !== 'phone')
    .map((field) => ({ field, keyword: 'additionalProperties', message: OPT_OUT_MESSAGES.unexpected }));
  if (blank(body.email) && blank(body.phone)) {
    for (const field of ['email', 'phone'])
      fields.push({ field, keyword: 'required', message: OPT_OUT_MESSAGES.required });
    return { ok: false, fields };
  }
  const email = blank(body.email) ? undefined : validEmail(body.email);
  const phone = blank(body.phone) ? undefined : validPhone(body.phone);
  if (!blank(body.email) && email === undefined)
    fields.push({ field: 'email', keyword: 'format', message: OPT_OUT_MESSAGES.email });
  if (!blank(body.phone) && phone === undefined)
    fields.push({ field: 'phone', keyword: 'format', message: OPT_OUT_MESSAGES.phone });
  if (fields.length > 0) return { ok: false, fields };
  if (email !== undefined) return { ok: true, contact: phone === undefined ? { email } : { email, phone } };
  return { ok: true, contact: { phone: phone! } };
}
