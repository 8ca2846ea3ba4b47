/**
 * The honeypot: a field of the visitor's page that people never see or fill (site/index.html, read by
 * site/honeypot.ts), sent with the lead. A lead with it filled came from a bot, and the server stores it without ever
 * delivering it. Apart from the lead's other fields (lead.ts): the page's first script reads it, and a bundle takes a
 * module whole.
 */
export const HONEYPOT_FIELD = 'website';
