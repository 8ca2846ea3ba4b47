// Stands in for TrustedForm's trustedform.js in the end-to-end tests: like the real script, it adds the certificate
// fields to the forms its `form_selector` parameter names (every form without one).
(() => {
  const params = new URL(document.currentScript.src).searchParams;
  const id = Array.from(crypto.getRandomValues(new Uint8Array(20)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );
  const certificate = `https://cert.trustedform.com/${id}`;
  const fields = [
    [params.get('field') || 'xxTrustedFormCertUrl', certificate],
    ['xxTrustedFormToken', certificate],
    [params.get('ping_field') || 'xxTrustedFormPingUrl', `https://ping.trustedform.com/${id}`],
  ];
  for (const form of document.querySelectorAll(params.get('form_selector') || 'form')) {
    for (const [name, value] of fields) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
  }
  window.fakeTrustedFormCertificate = certificate;
})();
