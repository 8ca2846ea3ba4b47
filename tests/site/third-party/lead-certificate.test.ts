import { afterEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_FORM_ID, certificateAnswers } from '../../../site/third-party/lead-certificate.ts';
import { certificateScriptUrl } from '../../../site/third-party/third-party-scripts.ts';

afterEach(() => document.getElementById(CERTIFICATE_FORM_ID)?.remove());

function certificateForm(fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.id = CERTIFICATE_FORM_ID;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
}

describe('the lead certificate', () => {
  it("asks the script for its fields in the page's hidden form only", () => {
    const url = new URL(certificateScriptUrl('123'));
    expect(url.origin + url.pathname).toBe('https://api.trustedform.com/trustedform.js');
    expect(url.searchParams.get('field')).toBe('xxTrustedFormCertUrl');
    expect(url.searchParams.get('form_selector')).toBe('#lead-certificate');
  });

  it('reads the certificate URL and token the script filled in', () => {
    certificateForm({
      xxTrustedFormCertUrl: 'https://cert.trustedform.com/0123abcd',
      xxTrustedFormToken: 'https://cert.trustedform.com/0123abcd',
      xxTrustedFormPingUrl: 'https://ping.trustedform.com/0123abcd',
    });
    expect(certificateAnswers(document)).toEqual({
      xxTrustedFormCertUrl: 'https://cert.trustedform.com/0123abcd',
      xxTrustedFormToken: 'https://cert.trustedform.com/0123abcd',
    });
  });

  it('has nothing to add before the script ran or without its form', () => {
    expect(certificateAnswers(document)).toEqual({});
    certificateForm({});
    expect(certificateAnswers(document)).toEqual({});
  });
});
