/**
 * What a buyer is pinged with: the lead's terms, and nothing that could find the applicant, whatever the lead holds.
 */
import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_FIELD } from '../../../../contracts/attribution.ts';
import {
  FUNNEL_VISIT_FIELD,
  GPC_FIELD,
  LANGUAGE_FIELD,
  LEAD_EXTRAS,
  LEAD_PAYLOAD_FIELDS,
  TIME_ZONE_FIELD,
} from '../../../../contracts/lead.ts';
import { readFlowFiles } from '../../../../engine/flow/load.ts';
import { pingBody, type PingBody, type PingLead } from '../../../../server/buyers/ping/ping-body.ts';
import { validLead } from '../../../support/lead-fixture.ts';

const CONSENT_SHA256 = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';
const PING_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const receivedAt = new Date('2026-03-15T17:00:00.000Z');
/** Every key of a ping, in order: the allow-list, and nothing else. */
const PING_KEYS = [
  'ping_id',
  'time_stamp',
  'state',
  'zip3',
  'amount',
  'loan_purpose',
  'loan_timing',
  'average_monthly_revenue',
  'credit_score',
  'months_in_business',
  'business_industry',
  'flow_version',
  'language',
  'consent_sha256',
  'has_certificate',
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Each flow version's fields, by name: every property of every step's schema. */
function flowFields(): Array<{ file: string; fields: Map<string, Json> }> {
  return readFlowFiles('flows').map(({ file, json }) => {
    const fields = new Map<string, Json>();
    const steps = isObject(json) && isObject(json.steps) ? Object.values(json.steps) : [];
    for (const step of steps) {
      const properties = isObject(step) && isObject(step.schema) ? step.schema.properties : undefined;
      for (const [name, schema] of Object.entries(isObject(properties) ? properties : {})) {
        if (isObject(schema)) fields.set(name, schema);
      }
    }
    return { file, fields };
  });
}

/** The lead fields a ping carries (under its own names where it reads them). */
const CARRIED_TEXT = ['state', 'loan_purpose', 'loan_timing', 'credit_score', 'business_industry'];
const CARRIED_DOLLARS = ['amount', 'average_monthly_revenue'];
/** Read only to count months in business, or cut to a ZIP's first three digits: never carried as sent. */
const READ_NOT_CARRIED = ['business_start_month', 'business_start_year', 'zipcode', 'business_zipcode'];

/** A value for a personal field that would be unmistakable in the body: the field's name, and text built to break out. */
const hostile = (field: string) => `Zq-${field}-"},"bid":999,"x":"\u2028<script>@evil.example`;

/**
 * Every field any flow version, the lead contract or its extras can put on a stored lead, the personal ones holding
 * hostile values; plus fields no flow has (a client's extras) and a key that is hostile in JSON.
 */
function fullLead(): { lead: PingLead; personal: string[] } {
  const everyField = new Set<string>([
    ...flowFields().flatMap(({ fields }) => [...fields.keys()]),
    ...LEAD_PAYLOAD_FIELDS,
    ...Object.keys(LEAD_EXTRAS),
    TIME_ZONE_FIELD,
    'flow_version',
    'ssn',
    'notes',
  ]);
  const carried = new Set([...CARRIED_TEXT, ...CARRIED_DOLLARS, ...READ_NOT_CARRIED, LANGUAGE_FIELD]);
  const payload: Json = validLead({
    zipcode: '94107',
    business_zipcode: '94110',
    business_start_month: '05',
    business_start_year: '2018',
    [LANGUAGE_FIELD]: 'es',
  });
  const personal: string[] = ['94107', '94110'];
  for (const field of everyField) {
    if (carried.has(field)) continue;
    payload[field] = hostile(field);
    personal.push(hostile(field));
  }
  payload[GPC_FIELD] = true;
  payload[FUNNEL_VISIT_FIELD] = 'visitZq0123456789abcdef';
  payload[ATTRIBUTION_FIELD] = { utm_campaign: 'Zq-campaign-ann@example.com', landing_url: 'https://x.example/?e=Zq' };
  personal.push('visitZq0123456789abcdef', 'Zq-campaign-ann@example.com', 'https://x.example/?e=Zq');
  // A key JSON.parse makes an own property, as a client's JSON body would; spread keeps it one.
  const withProto: Json = { ...payload, ...(JSON.parse('{"__proto__": {"Zq-proto": "Zq-polluted"}}') as Json) };
  personal.push('Zq-polluted');
  const certificateUrl = 'https://cert.trustedform.com/Zq0123456789abcdef0123456789abcdef012345';
  personal.push(certificateUrl);
  return {
    lead: { payload: withProto, flowVersion: 'v2', receivedAt, consent: { sha256: CONSENT_SHA256, certificateUrl } },
    personal,
  };
}

describe('the ping body', () => {
  it("carries the lead's terms, and the consent by its hash", () => {
    const lead: PingLead = {
      payload: validLead({ state: 'CA', zipcode: '90210', [LANGUAGE_FIELD]: 'en' }),
      flowVersion: 'v1',
      receivedAt,
      consent: { sha256: CONSENT_SHA256, certificateUrl: 'https://cert.trustedform.com/0123456789abcdef' },
    };
    expect(pingBody(lead, PING_ID)).toEqual({
      ping_id: PING_ID,
      time_stamp: '2026-03-15T17:00:00.000Z',
      state: 'CA',
      zip3: '902',
      amount: 50000,
      loan_purpose: 'EQUIPMENTPURCHASE',
      loan_timing: 'Within 2 weeks',
      average_monthly_revenue: 30000,
      credit_score: 'Good (680-719)',
      // May 2018 to March 2026.
      months_in_business: 94,
      business_industry: 'ACCOMMODATIONANDFOODSERVICES',
      flow_version: 'v1',
      language: 'en',
      consent_sha256: CONSENT_SHA256,
      has_certificate: true,
    } satisfies PingBody);
  });

  it('has every key when the lead says nothing, each null, and no certificate', () => {
    const body = pingBody(
      { payload: {}, flowVersion: 'v3', receivedAt, consent: { sha256: CONSENT_SHA256, certificateUrl: null } },
      PING_ID,
    );
    expect(body).toEqual({
      ping_id: PING_ID,
      time_stamp: '2026-03-15T17:00:00.000Z',
      state: null,
      zip3: null,
      amount: null,
      loan_purpose: null,
      loan_timing: null,
      average_monthly_revenue: null,
      credit_score: null,
      months_in_business: null,
      business_industry: null,
      flow_version: 'v3',
      language: 'en',
      consent_sha256: CONSENT_SHA256,
      has_certificate: false,
    });
  });

  it('takes the business ZIP when the address has none, and never a ZIP that is not five digits', () => {
    const of = (payload: Json) =>
      pingBody(
        { payload, flowVersion: 'v1', receivedAt, consent: { sha256: CONSENT_SHA256, certificateUrl: '' } },
        PING_ID,
      );
    expect(of({ zipcode: '', business_zipcode: '10001' }).zip3).toBe('100');
    expect(of({ zipcode: '1000', business_zipcode: '123456789' }).zip3).toBeNull();
    expect(of({}).has_certificate).toBe(false);
  });

  it('holds none of the personal values of a lead carrying every field there is, hostile ones included', () => {
    const { lead, personal } = fullLead();
    const body = pingBody(lead, PING_ID);
    const serialized = JSON.stringify(body);
    for (const value of personal) {
      expect(serialized).not.toContain(value);
      expect(serialized).not.toContain(JSON.stringify(value).slice(1, -1));
    }
    // Nothing marked as the test's own personal text at all, in any form, nor any part of the address or name.
    expect(serialized).not.toMatch(/Zq|evil|script|@|https?:|Maria|Rivera|Wilshire|3105550147|203\.0\.113/);
    // The terms it does carry come through.
    expect(body).toMatchObject({ state: 'CA', zip3: '941', language: 'es', has_certificate: true, amount: 50000 });
    expect(Object.keys(body)).toEqual(PING_KEYS);
  });

  it('carries no free text: every text field it reads is a choice in every flow version, every amount a number', () => {
    for (const { file, fields } of flowFields()) {
      for (const name of CARRIED_TEXT) {
        const schema = fields.get(name);
        const choices = [
          ...(Array.isArray(schema?.enum) ? schema.enum : []),
          ...(Array.isArray(schema?.oneOf) ? schema.oneOf : []),
        ];
        expect(choices.length, `${file}: ${name} is a choice`).toBeGreaterThan(0);
      }
      for (const name of CARRIED_DOLLARS) expect(fields.get(name)?.type, `${file}: ${name}`).toBe('integer');
    }
  });
});
