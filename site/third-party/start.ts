/**
 * The third parties the environment configures, started once the page has loaded so none delays the first screen:
 * the tag manager (or a log line saying it is not configured) and the lead-certificate script. Returns the flow
 * events for the tag manager's dataLayer, which collects them even before its script arrives.
 */
import type { PublicConfig } from '../../engine/api/public-config.ts';
import type { FlowEvents } from '../../engine/render/flow-events.ts';
import { loadTagManager, tagManagerEvents, type DataLayer } from './tag-manager.ts';
import { loadCertificateScript } from './lead-certificate.ts';

declare global {
  interface Window {
    dataLayer?: object[];
  }
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') setTimeout(run);
  else window.addEventListener('load', () => setTimeout(run), { once: true });
}

export function startThirdParties(config: PublicConfig): FlowEvents {
  window.dataLayer ??= [];
  const dataLayer: DataLayer = window.dataLayer;
  const log = (message: string) => console.warn(message);
  afterLoad(() => {
    loadTagManager(config.gtm, { document, dataLayer, log });
    if (config.loadTrustedFormScript) loadCertificateScript({ document, log });
  });
  return tagManagerEvents(dataLayer);
}
