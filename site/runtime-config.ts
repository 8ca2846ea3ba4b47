/** The environment's settings, written into the page by the server, so one build serves every environment. */
import type { PublicConfig } from '../server/public-config.ts';

export function readRuntimeConfig(doc: Document = document): PublicConfig {
  const parsed = JSON.parse(doc.getElementById('runtime-config')?.textContent || '{}') as Partial<PublicConfig>;
  return {
    productName: parsed.productName ?? 'Fundflow',
    privacyUrl: parsed.privacyUrl ?? null,
    termsUrl: parsed.termsUrl ?? null,
    doNotSellUrl: parsed.doNotSellUrl ?? null,
    gtm: parsed.gtm ?? null,
    loadTrustedFormScript: parsed.loadTrustedFormScript ?? false,
    mapsApiKey: parsed.mapsApiKey ?? null,
  };
}
