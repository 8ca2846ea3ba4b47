/**
 * The key that finds a visitor's repeat lead: SHA-256 of the email (trimmed, lower case) and the phone's digits.
 * Searching by it needs no index over personal data, and it says nothing about the visitor on its own.
 */
import { createHash } from 'node:crypto';

/** The contact key of a lead with both an email and a phone; undefined otherwise. */
export function contactSha256(lead: Readonly<Record<string, unknown>>): string | undefined {
  const { email, phone } = lead;
  if (typeof email !== 'string' || typeof phone !== 'string') return undefined;
  const digits = phone.replace(/\D/g, '');
  const address = email.trim().toLowerCase();
  if (digits === '' || address === '') return undefined;
  return createHash('sha256').update(`${address}\n${digits}`).digest('hex');
}
