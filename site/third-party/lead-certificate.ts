/**
 * The TrustedForm lead certificate: its script (only when LOAD_TRUSTED_FORM_SCRIPT is set, added by
 * certificate-script.ts) records the visit and fills the certificate fields into the page's hidden form; the form's
 * values join the answers on every submit, so the lead carries its certificate URL.
 */
export const CERTIFICATE_FORM_ID = 'lead-certificate';
export const CERTIFICATE_FIELDS = ['xxTrustedFormCertUrl', 'xxTrustedFormToken'] as const;

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
