import { describe, expect, it, vi } from 'vitest';
import { tagManagerEvents } from '../../../site/third-party/tag-manager.ts';
import { loadTagManager, tagManagerUrl } from '../../../site/third-party/third-party-scripts.ts';

const step = { flow: 'business-funding', version: 'v2', stepId: 'amount' };

describe('the tag manager', () => {
  it('loads the configured container, with the environment parameters when both are set', () => {
    expect(tagManagerUrl({ id: 'GTM-ABC123', auth: null, preview: null })).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
    );
    expect(tagManagerUrl({ id: 'GTM-ABC123', auth: 'k3y', preview: 'env-4' })).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123&gtm_auth=k3y&gtm_preview=env-4&gtm_cookies_win=x',
    );
  });

  it('adds one async script and the start event when an id is configured', () => {
    const dataLayer: object[] = [];
    loadTagManager({ id: 'GTM-ABC123', auth: null, preview: null }, { document, dataLayer, log: vi.fn() });
    const scripts = document.head.querySelectorAll<HTMLScriptElement>(
      'script[src^="https://www.googletagmanager.com/"]',
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.async).toBe(true);
    expect(dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
    scripts[0]!.remove();
  });

  it("gives the container script the page's nonce, which it passes on to the tags it adds", () => {
    const own = document.createElement('script');
    own.setAttribute('nonce', '');
    // As a browser shows it: the attribute emptied, the value only in the property.
    Object.defineProperty(own, 'nonce', { value: 'cGFnZS1ub25jZQ==' });
    document.head.append(own);
    loadTagManager({ id: 'GTM-ABC123', auth: null, preview: null }, { document, dataLayer: [], log: vi.fn() });
    const container = document.head.querySelector<HTMLScriptElement>('script[src*="googletagmanager"]')!;
    expect(container.nonce).toBe('cGFnZS1ub25jZQ==');
    container.remove();
    own.remove();
  });
});

describe('flow events in the dataLayer', () => {
  it('flags the first step view after the page loaded as a refresh, later ones not', () => {
    const dataLayer: object[] = [];
    const events = tagManagerEvents(dataLayer);
    events.stepViewed({ ...step, stepId: 'start' });
    events.stepViewed(step);
    expect(dataLayer).toEqual([
      { event: 'step_view', flow: 'business-funding', flow_version: 'v2', step: 'start', page_refreshed: 'true' },
      { event: 'step_view', flow: 'business-funding', flow_version: 'v2', step: 'amount', page_refreshed: 'false' },
    ]);
  });

  it('reports refused submits and the lead submission, and no other action', () => {
    const dataLayer: object[] = [];
    const events = tagManagerEvents(dataLayer);
    events.validationFailed(step);
    events.actionCompleted({ ...step, stepId: 'name', action: 'full-name' });
    events.actionCompleted({ ...step, stepId: 'phone', action: 'submit-lead' });
    expect(dataLayer).toEqual([
      { event: 'form_validation_error', flow: 'business-funding', flow_version: 'v2', step: 'amount' },
      { event: 'lead_submitted', flow: 'business-funding', flow_version: 'v2', step: 'phone' },
    ]);
  });
});
