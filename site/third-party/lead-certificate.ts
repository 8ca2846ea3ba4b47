/**
 * The TrustedForm lead certificate: its script (only when LOAD_TRUSTED_FORM_SCRIPT is set) records the visit and fills
 * the certificate fields into the page's hidden form; the form's values join the answers on every submit, so the
 * lead carries its certificate URL.
 */
import { addAsyncScript, type ScriptPage } from './add-script.ts';

export const CERTIFICATE_FORM_ID = 'lead-certificate';
export const CERTIFICATE_FIELDS = ['xxTrustedFormCertUrl', 'xxTrustedFormToken'] as const;

export function certificateScriptUrl(cacheBuster: string): string {
  const url = new URL('https://api.trustedform.com/trustedform.js');
  url.searchParams.set('field', 'xxTrustedFormCertUrl');
  url.searchParams.set('ping_field', 'xxTrustedFormPingUrl');
  // Only our hidden form gets the fields: the script would otherwise add them to every form on the page.
  url.searchParams.set('form_selector', `#${CERTIFICATE_FORM_ID}`);
  url.searchParams.set('l', cacheBuster);
  return url.href;
}

export function loadCertificateScript(page: ScriptPage): void {
  addAsyncScript(
    page,
    certificateScriptUrl(`${Date.now()}${Math.random()}`),
    'The lead certificate script could not be loaded.',
  );
}

/** The certificate fields the script has filled in so far (none before it ran, or without the script). */
export function certificateAnswers(document: Document): Record<string, string> {
  const form = document.getElementById(CERTIFICATE_FORM_ID);
  if (!(form instanceof HTMLFormElement)) return {};
  const answers: Record<string, string> = {};
  for (const name of CERTIFICATE_FIELDS) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.value !== '') answers[name] = field.value;
  }
  return answers;
}
