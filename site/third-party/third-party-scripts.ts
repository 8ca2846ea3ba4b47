/**
 * The third parties' own scripts, added once the page has loaded: Google Tag Manager's container (only when an id is
 * configured) and the TrustedForm lead-certificate script (only when LOAD_TRUSTED_FORM_SCRIPT is set). Their code is
 * a chunk of its own that start.ts fetches then, and only when the environment configures one of them: a page without
 * third parties sends no code for them.
 */
import type { GtmConfig, PublicConfig } from '../../contracts/public-config.ts';
import { addAsyncScript, type ScriptPage } from './add-script.ts';
import { CERTIFICATE_FORM_ID } from './lead-certificate.ts';
import type { DataLayer } from './tag-manager.ts';

export function loadThirdPartyScripts(config: PublicConfig, page: ScriptPage & { dataLayer: DataLayer }): void {
  if (config.gtm !== null) loadTagManager(config.gtm, page);
  if (config.loadTrustedFormScript) loadCertificateScript(page);
}

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

export function tagManagerUrl(gtm: GtmConfig): string {
  const url = new URL('/gtm.js', TAG_MANAGER_ORIGIN);
  url.searchParams.set('id', gtm.id);
  // An environment (preview or staging container) needs both; gtm_cookies_win keeps its preview cookie working.
  if (gtm.auth !== null && gtm.preview !== null) {
    url.searchParams.set('gtm_auth', gtm.auth);
    url.searchParams.set('gtm_preview', gtm.preview);
    url.searchParams.set('gtm_cookies_win', 'x');
  }
  return url.href;
}

/** Adds the container script, after the event that tells the container when the page started it. */
export function loadTagManager(gtm: GtmConfig, page: ScriptPage & { dataLayer: DataLayer }): void {
  page.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addAsyncScript(page, tagManagerUrl(gtm), 'Google tag manager script could not be loaded.');
}

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
