/**
 * The honeypot: a field in site/index.html that people never see (visually hidden, hidden from assistive technology,
 * out of the tab order) and bots that fill every field fill. Its value joins the answers on every submit, so the
 * lead carries it and the server holds such a lead back from lenders.
 */
import { HONEYPOT_FIELD } from '../contracts/honeypot.ts';

export const HONEYPOT_FORM_ID = 'contact-website';

/** The honeypot's value when something filled it; nothing otherwise. */
export function honeypotAnswers(document: Document): Record<string, string> {
  const form = document.getElementById(HONEYPOT_FORM_ID);
  const field = form instanceof HTMLFormElement ? form.elements.namedItem(HONEYPOT_FIELD) : null;
  return field instanceof HTMLInputElement && field.value !== '' ? { [HONEYPOT_FIELD]: field.value } : {};
}
