import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Action, ActionInput } from '../../../engine/actions/action.ts';
import { LEAD_ACTION } from '../../../engine/actions/index.ts';
import { createApiClient } from '../../../engine/api/client.ts';
import type { PublicConfig } from '../../../contracts/public-config.ts';
import { flows } from '../../../.generated/flows.ts';
import { startThirdParties } from '../../../site/third-party/start.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const config: PublicConfig = {
  productName: 'Fundflow',
  privacyUrl: '/privacy',
  termsUrl: '/terms',
  doNotSellUrl: '/do-not-sell',
  gtm: null,
  consentDefaults: null,
  enhancedConversions: false,
  loadTrustedFormScript: false,
  mapsApiKey: null,
  placesApi: 'new',
};

const answers = {
  email: 'Mary.Smith@Gmail.com',
  phone: '2125550123',
  first_name: 'Mary',
  last_name: 'Smith',
  business_name: 'Morgan Bakery',
  street: '1 Main St',
  zipcode: '90210',
};

/** The lead's steps as the engine runs them: the lead action, then the events the screen reports. */
async function submitLead(enhancedConversions: boolean, stored = true) {
  const sent: Action = async () => (stored ? { ok: true, answers: { lead_id: 'lead-1' } } : { ok: false });
  const thirdParties = startThirdParties({ ...config, enhancedConversions }, { [LEAD_ACTION]: sent });
  const input: ActionInput = {
    flow: flows[0]!.flow,
    stepId: 'phone',
    answers,
    // The stand-in action sends nothing.
    api: createApiClient(),
    certificateEnabled: false,
    pageUrl: 'https://fundflow.example/phone',
    now: () => new Date(),
    log: () => {},
  };
  const result = await thirdParties.actions[LEAD_ACTION]!(input);
  const step = { flow: 'business-funding', version: 'v1', stepId: 'phone' };
  if (result.ok) thirdParties.events.actionCompleted({ ...step, action: LEAD_ACTION });
  thirdParties.events.stepViewed({ ...step, stepId: 'thank-you' });
  return window.dataLayer as Record<string, unknown>[];
}

afterEach(() => {
  delete window.dataLayer;
});

describe('enhanced conversions', () => {
  it("when on, lead_submitted carries the lead's hashed email and phone, and no answer as typed reaches the dataLayer", async () => {
    const dataLayer = await submitLead(true);
    const leads = dataLayer.filter((item) => item.event === 'lead_submitted');
    expect(leads).toEqual([
      {
        event: 'lead_submitted',
        flow: 'business-funding',
        flow_version: 'v1',
        step: 'phone',
        user_data: {
          sha256_email_address: sha256('marysmith@gmail.com'),
          sha256_phone_number: sha256('+12125550123'),
        },
      },
    ]);
    // Every value pushed, at any depth, against every answer and its normalised forms.
    const pushed = JSON.stringify(dataLayer).toLowerCase();
    const raw = [...Object.values(answers), 'marysmith@gmail.com', '+12125550123', 'lead-1'];
    for (const value of raw) expect(pushed, value).not.toContain(value.toLowerCase());
    // Only lead_submitted has them.
    expect(dataLayer.filter((item) => 'user_data' in item)).toHaveLength(1);
  });

  it('when off, no event has user data', async () => {
    const dataLayer = await submitLead(false);
    expect(dataLayer.find((item) => item.event === 'lead_submitted')).toEqual({
      event: 'lead_submitted',
      flow: 'business-funding',
      flow_version: 'v1',
      step: 'phone',
    });
    expect(JSON.stringify(dataLayer)).not.toContain('user_data');
  });

  it('hashes nothing for a lead that was not stored', async () => {
    const dataLayer = await submitLead(true, false);
    expect(JSON.stringify(dataLayer)).not.toContain('user_data');
  });
});

describe("the third parties' scripts, once the page has loaded", () => {
  const containers = () => document.head.querySelectorAll('script[src^="https://www.googletagmanager.com/"]');

  it('without a tag manager or the certificate script, only logs that no tag manager is configured', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    startThirdParties(config, {});
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Google tag manager ID not provided.'));
    expect(document.head.querySelectorAll('script[src^="https://"]')).toHaveLength(0);
    warn.mockRestore();
  });

  it("adds the tag manager's container after consent mode's defaults, and the certificate script when asked", async () => {
    const everyone = [
      { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' },
    ] as const;
    startThirdParties(
      {
        ...config,
        gtm: { id: 'GTM-ABC123', auth: null, preview: null },
        consentDefaults: { everyone: [...everyone], optedOut: [...everyone] },
        loadTrustedFormScript: true,
      },
      {},
    );
    await vi.waitFor(() => expect(containers()).toHaveLength(1));
    const events = (window.dataLayer ?? []).map((item) =>
      'event' in item ? item.event : Array.from(item as never)[0],
    );
    expect(events).toEqual(['consent', 'gtm.js']);
    expect(document.head.querySelectorAll('script[src^="https://api.trustedform.com/"]')).toHaveLength(1);
    for (const script of document.head.querySelectorAll('script[src^="https://"]')) script.remove();
  });
});
