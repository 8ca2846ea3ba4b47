// Stands in for Google Tag Manager's gtm.js under a strict Content-Security-Policy. Like the real container, it gives
// the nonce of its own script element to the Custom HTML tag it fires, an inline script that loads a conversion tag
// from the ad platform's origin (CONVERSION_TAG_URL, written in by the test).
(() => {
  const conversionTag = 'CONVERSION_TAG_URL';
  const customHtml = document.createElement('script');
  customHtml.nonce = document.currentScript.nonce;
  customHtml.textContent =
    '(function(){var s=document.createElement("script");s.async=true;' +
    `s.src=${JSON.stringify(conversionTag)};document.head.appendChild(s)})()`;
  document.head.append(customHtml);
})();
