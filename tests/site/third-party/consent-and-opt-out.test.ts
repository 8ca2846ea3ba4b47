/**
 * Consent mode's defaults come first in the dataLayer, before any event and before the tag manager's start; a visitor
 * whose browser sends the opt-out preference signal gets the advertising ones denied, no enhanced conversions, and a
 * lead sent with gpc: true.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Action, ActionInput } from '../../../engine/actions/action.ts';
import { LEAD_ACTION } from '../../../engine/actions/index.ts';
import type { ApiClient } from '../../../engine/api/client.ts';
import type { PublicConfig } from '../../../contracts/public-config.ts';
import { consentCommands, consentDefaults } from '../../../contracts/consent-mode.ts';
import { flows } from '../../../.generated/flows.ts';
import { startThirdParties } from '../../../site/third-party/start.ts';
import { sendsOptOutSignal } from '../../../site/third-party/opt-out-signal.ts';

const rules = [
  { state: 'granted', regions: [] },
  { state: 'denied', regions: ['US-CA', 'US-CO'] },
] as const;

const config: PublicConfig = {
  productName: 'Fundflow',
  privacyUrl: '/privacy',
  termsUrl: '/terms',
  doNotSellUrl: '/do-not-sell',
  gtm: { id: 'GTM-TEST1', auth: null, preview: null },
  consentDefaults: consentCommands(rules),
  enhancedConversions: true,
  loadTrustedFormScript: false,
  mapsApiKey: null,
  placesApi: 'new',
};

const GRANTED = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };
const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };

function browserSignals(value: unknown) {
  Object.defineProperty(navigator, 'globalPrivacyControl', { value, configurable: true });
}

/** What the page pushed, each gtag command as the array of its arguments and marked as an arguments object. */
function pushed(): unknown[] {
  return (window.dataLayer ?? []).map((item) =>
    Object.prototype.toString.call(item) === '[object Arguments]'
      ? { gtag: Array.from(item as ArrayLike<unknown>) }
      : item,
  );
}

/** Starts the page's third parties, views the first step and runs the lead action; answers what was sent. */
async function visit(): Promise<Record<string, unknown>[]> {
  const sent: Record<string, unknown>[] = [];
  const lead: Action = async (input) => {
    await input.api.sendLead({ email: 'mary@example.com', phone: '2125550123' });
    return { ok: true, answers: { lead_id: 'lead-1' } };
  };
  const thirdParties = startThirdParties(config, { [LEAD_ACTION]: lead });
  const step = { flow: 'business-funding', version: 'v1', stepId: 'phone' };
  thirdParties.events.stepViewed(step);
  const api = {
    sendLead: async (body: Readonly<Record<string, unknown>>) => {
      sent.push({ ...body });
      return { id: 'lead-1', consent: { version: '1', sha256: 'x' } };
    },
  } as unknown as ApiClient;
  const input: ActionInput = {
    flow: flows[0]!.flow,
    stepId: 'phone',
    answers: { email: 'mary@example.com', phone: '2125550123' },
    api,
    certificateEnabled: false,
    pageUrl: 'https://fundflow.example/phone',
    now: () => new Date(),
    log: () => {},
  };
  const result = await thirdParties.actions[LEAD_ACTION]!(input);
  if (result.ok) thirdParties.events.actionCompleted({ ...step, action: LEAD_ACTION });
  // The tag manager starts once the page has loaded.
  await vi.waitFor(() => expect(pushed()).toContainEqual(expect.objectContaining({ event: 'gtm.js' })));
  return sent;
}

afterEach(() => {
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete (navigator as { globalPrivacyControl?: unknown }).globalPrivacyControl;
});

describe('consent mode defaults', () => {
  it('are one command per rule, a denied one waiting for a banner to update it', () => {
    expect(consentDefaults(rules, false)).toEqual([
      { ...GRANTED, analytics_storage: 'granted' },
      { ...DENIED, analytics_storage: 'denied', region: ['US-CA', 'US-CO'], wait_for_update: 500 },
    ]);
  });

  it("are pushed as gtag's arguments, first, before any event and the tag manager's start", async () => {
    await visit();
    const items = pushed();
    expect(items.slice(0, 2)).toEqual([
      { gtag: ['consent', 'default', { ...GRANTED, analytics_storage: 'granted' }] },
      {
        gtag: [
          'consent',
          'default',
          { ...DENIED, analytics_storage: 'denied', region: ['US-CA', 'US-CO'], wait_for_update: 500 },
        ],
      },
    ]);
    expect(items.slice(2).filter((item) => 'gtag' in (item as object))).toEqual([]);
    expect(items.findIndex((item) => (item as { event?: string }).event === 'gtm.js')).toBeGreaterThan(2);
  });

  it('are none without a tag manager', async () => {
    startThirdParties({ ...config, gtm: null, consentDefaults: null }, {});
    expect(pushed().filter((item) => 'gtag' in (item as object))).toEqual([]);
  });
});

describe('the opt-out preference signal', () => {
  it('counts only when the browser says true', () => {
    for (const value of [undefined, false, 'true', 1]) {
      browserSignals(value);
      expect(sendsOptOutSignal(navigator), String(value)).toBe(false);
    }
    browserSignals(true);
    expect(sendsOptOutSignal(navigator)).toBe(true);
  });

  it('denies advertising storage everywhere, keeping analytics as configured', async () => {
    browserSignals(true);
    await visit();
    expect(pushed().slice(0, 2)).toEqual([
      { gtag: ['consent', 'default', { ...DENIED, analytics_storage: 'granted' }] },
      {
        gtag: [
          'consent',
          'default',
          { ...DENIED, analytics_storage: 'denied', region: ['US-CA', 'US-CO'], wait_for_update: 500 },
        ],
      },
    ]);
  });

  it('sends the lead with gpc: true and gives lead_submitted no user data', async () => {
    browserSignals(true);
    expect(await visit()).toEqual([{ email: 'mary@example.com', phone: '2125550123', gpc: true }]);
    const submitted = pushed().filter((item) => (item as { event?: string }).event === 'lead_submitted');
    expect(submitted).toEqual([
      { event: 'lead_submitted', flow: 'business-funding', flow_version: 'v1', step: 'phone' },
    ]);
  });

  it('without it, the lead goes as built and lead_submitted carries the hashes', async () => {
    expect(await visit()).toEqual([{ email: 'mary@example.com', phone: '2125550123' }]);
    await vi.waitFor(() => {
      const submitted = pushed().filter((item) => (item as { event?: string }).event === 'lead_submitted');
      expect(submitted).toEqual([expect.objectContaining({ user_data: expect.any(Object) })]);
    });
  });
});
