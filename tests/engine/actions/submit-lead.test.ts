import { describe, expect, it, vi } from 'vitest';
import { submitLead } from '../../../engine/actions/submit-lead.ts';
import type { ActionInput } from '../../../engine/actions/action.ts';
import type { ApiClient } from '../../../engine/api/client.ts';
import { ApiError } from '../../../engine/api/client.ts';
import type { Flow } from '../../../engine/flow/definition.ts';
import { stubApi } from '../../support/form-context.ts';
import flowFile from '../../../flows/business-funding.json' with { type: 'json' };

const flow = flowFile as unknown as Flow;

const answers = {
  business_type: 'Partnership',
  amount: 50000,
  loan_purpose: 'PAYROLL',
  loan_timing: 'Within a week',
  average_monthly_revenue: 30000,
  credit_score: 'Good (680-719)',
  business_name: 'acme tools',
  business_zipcode: '90210',
  business_start_month: '05',
  business_start_year: '2018',
  business_industry: 'RETAILTRADE',
  first_name: 'mary',
  last_name: 'smith',
  full_name: 'Mary Smith',
  email: 'mary@example.com',
  street_address: '1 Main St',
  city: 'Beverly Hills',
  state: 'CA',
  zipcode: '90210',
  phone: '2125550123',
  xxTrustedFormCertUrl: 'https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567',
  expire_time: 123,
};

const SETTINGS = {
  specify_business_hours: { start_time: '08:00', end_time: '17:00' },
  business_hours_settings: { template: '<p>We call {first_name} at {phone} now.</p>' },
  non_business_hours_settings: { template: '<p>We call {first_name} tomorrow.</p>' },
};

function workingApi(overrides: Partial<ApiClient> = {}): ApiClient {
  return stubApi({
    checkPhone: vi.fn(async () => 'connected'),
    lookupZip: vi.fn(async (zipcode: string) => ({ city: 'Beverly Hills', state: 'CA', zipcode })),
    remoteAddress: vi.fn(async () => '203.0.113.9'),
    thankYouSettings: vi.fn(async () => SETTINGS),
    sendLead: vi.fn(async () => ({ id: 'lead-1', consent: { version: '1', sha256: 'a'.repeat(64) } })),
    claimCertificate: vi.fn(async () => ({ claimed: true })),
    ...overrides,
  });
}

function input(api: ApiClient, overrides: Partial<ActionInput> = {}): ActionInput {
  return {
    flow,
    stepId: 'phone',
    answers,
    api,
    certificateEnabled: true,
    pageUrl: 'https://funding.example.com/phone?utm_source=mail',
    now: () => new Date('2026-01-15T18:00:00Z'), // 10:00 in Los Angeles
    log: vi.fn(),
    ...overrides,
  };
}

describe('the submit-lead action', () => {
  it('sends the lead built from the answers and moves on with the thank-you message', async () => {
    const api = workingApi();
    const result = await submitLead(input(api));
    expect(result).toEqual({
      ok: true,
      answers: {
        phone_no: '2125550123',
        client_ip: '203.0.113.9',
        lead_id: 'lead-1',
        thank_you_html: '<p>We call Mary at (212) 555-0123 now.</p>',
      },
    });
    const lead = vi.mocked(api.sendLead).mock.calls[0]![0];
    expect(lead).toMatchObject({
      flow: 'business-funding',
      flow_version: 'v1',
      name: 'Mary Smith',
      amount: 50000,
      business_start_month: '05',
      phone: '2125550123',
      address: '1 Main St, Beverly Hills, CA 90210',
      client_ip: '203.0.113.9',
      trustedform_cert_url: answers.xxTrustedFormCertUrl,
      source_url: 'https://funding.example.com/phone?utm_source=mail',
    });
    expect(lead, 'record bookkeeping never travels').not.toHaveProperty('expire_time');
    expect(lead, 'a person leaves the honeypot empty').not.toHaveProperty('website');
    expect(api.claimCertificate).toHaveBeenCalledWith(answers.xxTrustedFormCertUrl);
  });

  it('sends the attribution the record keeps, and none when it keeps none', async () => {
    const attribution = { utm_campaign: 'spring', gclid: 'abc123', landing_url: 'https://funding.example.com/' };
    const api = workingApi();
    await submitLead(input(api, { answers: { ...answers, attribution } }));
    expect(vi.mocked(api.sendLead).mock.calls[0]![0]).toMatchObject({ attribution });
    const without = workingApi();
    await submitLead(input(without));
    expect(vi.mocked(without.sendLead).mock.calls[0]![0]).not.toHaveProperty('attribution');
  });

  it("sends the funnel's visit id the page handed in, so the funnel counts the lead for that visit, and none without", async () => {
    const api = workingApi();
    await submitLead(input(api, { answers: { ...answers, funnel_visit: '0123456789abcdef0123456789abcdef' } }));
    expect(vi.mocked(api.sendLead).mock.calls[0]![0]).toMatchObject({
      funnel_visit: '0123456789abcdef0123456789abcdef',
    });
    const without = workingApi();
    await submitLead(input(without));
    expect(vi.mocked(without.sendLead).mock.calls[0]![0]).not.toHaveProperty('funnel_visit');
  });

  it('sends the honeypot field when something filled it, so the server can hold the lead back', async () => {
    const api = workingApi();
    await submitLead(input(api, { answers: { ...answers, website: 'https://bot.example' } }));
    expect(vi.mocked(api.sendLead).mock.calls[0]![0]).toMatchObject({ website: 'https://bot.example' });
  });

  it('uses the out-of-hours template at night in Los Angeles', async () => {
    const result = await submitLead(input(workingApi(), { now: () => new Date('2026-01-15T07:00:00Z') }));
    expect(result.ok && result.answers.thank_you_html).toBe('<p>We call Mary tomorrow.</p>');
  });

  it('keeps the visitor on the step with the phone marked when the phone check fails', async () => {
    const api = workingApi({ checkPhone: vi.fn(async () => 'disconnected') });
    const result = await submitLead(input(api));
    expect(result).toEqual({ ok: false, fieldErrors: [{ field: 'phone', keyword: 'pattern', params: {} }] });
    expect(api.sendLead).not.toHaveBeenCalled();
  });

  it('accepts the connected-75 status', async () => {
    const result = await submitLead(input(workingApi({ checkPhone: vi.fn(async () => 'connected-75') })));
    expect(result.ok).toBe(true);
  });

  it('marks the ZIP when the lookup does not know it', async () => {
    const result = await submitLead(input(workingApi({ lookupZip: vi.fn(async () => null) })));
    expect(result).toEqual({ ok: false, fieldErrors: [{ field: 'zipcode', keyword: 'pattern', params: {} }] });
  });

  it('shows the failure alert when the lead cannot be sent, and prepares no thank-you', async () => {
    const api = workingApi({ sendLead: vi.fn(async () => Promise.reject(new ApiError(0, 'unreachable'))) });
    const result = await submitLead(input(api));
    expect(result).toEqual({ ok: false, alert: 'submitFailed' });
    expect(api.claimCertificate).not.toHaveBeenCalled();
  });

  it('still sends the lead when the thank-you settings or the client address cannot be fetched', async () => {
    const api = workingApi({
      thankYouSettings: vi.fn(async () => Promise.reject(new ApiError(503, 'down'))),
      remoteAddress: vi.fn(async () => Promise.reject(new ApiError(0, 'unreachable'))),
    });
    const result = await submitLead(input(api));
    expect(result).toEqual({
      ok: true,
      answers: { phone_no: '2125550123', client_ip: undefined, lead_id: 'lead-1', thank_you_html: undefined },
    });
    expect(vi.mocked(api.sendLead).mock.calls[0]![0]).not.toHaveProperty('client_ip');
  });

  it('claims no certificate when the certificate script is off, and a failed claim does not stop the visitor', async () => {
    const off = workingApi();
    await submitLead(input(off, { certificateEnabled: false }));
    expect(off.claimCertificate).not.toHaveBeenCalled();

    const failing = workingApi({
      claimCertificate: vi.fn(async () => Promise.reject(new ApiError(502, 'claim failed'))),
    });
    expect((await submitLead(input(failing))).ok).toBe(true);
  });
});
