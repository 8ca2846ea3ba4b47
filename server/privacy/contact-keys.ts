/**
 * Keys that find a visitor's leads without searching personal data: SHA-256 of the contact details, normalised.
 * Each says nothing about the visitor on its own (though a phone number's can be undone by trying every number).
 */
import { createHash } from 'node:crypto';
import { emailKey, phoneKey } from '../../contracts/opt-out.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The key that finds a repeat lead: the email (trimmed, lower case) and the phone's digits together. Undefined for a
 * lead without both.
 */
export function contactSha256(lead: Readonly<Record<string, unknown>>): string | undefined {
  const { email, phone } = lead;
  if (typeof email !== 'string' || typeof phone !== 'string') return undefined;
  const digits = phone.replace(/\D/g, '');
  const address = emailKey(email);
  if (digits === '' || address === '') return undefined;
  return sha256(`${address}\n${digits}`);
}

export type ContactKind = 'email' | 'phone';

export interface ContactKey {
  kind: ContactKind;
  sha256: string;
}

/**
 * The keys an opt-out is stored by and a lead is matched with: one for the email, one for the phone, each normalised
 * as contracts/opt-out.ts does and labelled with its kind, so an email and a phone number never share a key.
 */
export function contactKeys(contact: Readonly<Record<string, unknown>>): ContactKey[] {
  const keys: ContactKey[] = [];
  const email = typeof contact.email === 'string' ? emailKey(contact.email) : '';
  if (email !== '') keys.push({ kind: 'email', sha256: sha256(`email\n${email}`) });
  const phone = typeof contact.phone === 'string' ? phoneKey(contact.phone) : '';
  if (phone !== '') keys.push({ kind: 'phone', sha256: sha256(`phone\n${phone}`) });
  return keys;
}
