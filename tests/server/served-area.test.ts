/**
 * US territories (docs/decisions/046-us-territories.md): the server takes a lead from exactly the places the page
 * takes, the 50 states and DC, and refuses the ZIP codes of the territories as the page does at the first ZIP code.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVED_STATES } from '../../contracts/served-area.ts';
import { readFlowFiles } from '../../engine/flow/load.ts';
import { readLeadFlows } from '../../server/intake/leads/lead-flows.ts';
import { FLOWS_DIR } from '../../server/platform/paths.ts';
import { lookupZip } from '../../server/intake/zip/zip-directory.ts';
import { validLead } from '../support/lead-fixture.ts';
import { DATABASES, tempDir, xsrfHeaders } from '../support/server-harness.ts';
import { leadAppForSuite } from '../support/lead-app.ts';

interface FlowJson {
  messages: Record<string, string>;
  steps: { phone: { schema: { properties: { state: { enum: string[] } } } } };
}
/** Every version whole, as the server reads them (a version that extends another resolved). */
const flows = readFlowFiles(FLOWS_DIR).map(({ file, json }) => ({ file, json: json as FlowJson }));
const v1 = flows.find(({ file }) => file === 'flows/business-funding.json')!.json;
/** The page's state list: what the phone step offers and the lead schema takes. */
const pageStates = v1.steps.phone.schema.properties.state.enum;
const OUTSIDE = v1.messages.outsideServedArea!;

/** One ZIP code of each state and territory the ZIP lookup knows, as the lookup answers it. */
function oneZipPerState(): Map<string, string> {
  const zips = new Map<string, string>();
  for (let n = 0; n < 100_000; n++) {
    const entry = lookupZip(String(n).padStart(5, '0'));
    if (entry && !zips.has(entry.state_abbreviation)) zips.set(entry.state_abbreviation, entry.zipcode);
  }
  return zips;
}

describe('the state list', () => {
  it('of every flow is the served states, the 50 states and DC, without a territory', () => {
    for (const { json } of flows)
      expect(new Set(json.steps.phone.schema.properties.state.enum)).toEqual(new Set(SERVED_STATES));
    expect(SERVED_STATES).toHaveLength(51);
    expect(SERVED_STATES).toContain('DC');
    for (const territory of ['PR', 'VI', 'GU', 'MP', 'AS', 'MH', 'FM', 'PW'])
      expect(SERVED_STATES).not.toContain(territory);
  });

  it('of a flow that lists a territory stops the server at start', () => {
    const dir = tempDir('fundflow-flows-');
    try {
      const json = structuredClone(v1);
      json.steps.phone.schema.properties.state.enum.push('PR');
      const file = join(dir.path, 'business-funding.json');
      writeFileSync(file, JSON.stringify(json));
      expect(() => readLeadFlows(dir.path, { product: 'Fundflow', lenders: ['North Bank'] })).toThrow(
        /^flows\/business-funding\.json: the "state" field must list exactly the served states, the 50 states and DC: AL, /,
      );
    } finally {
      dir.remove();
    }
  });
});

describe.each(DATABASES)('leads from US territories on $name', ({ open }) => {
  const suite = leadAppForSuite(open);

  const post = (overrides: Record<string, unknown>) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/v1/leads/trigger',
      payload: validLead(overrides),
      headers: xsrfHeaders(),
    });

  it('takes a lead at a ZIP of every state the page lists, and refuses one at every other ZIP the lookup knows', async () => {
    const zips = oneZipPerState();
    expect([...zips.keys()]).toEqual(expect.arrayContaining([...pageStates, 'PR']));
    for (const [state, zip] of zips) {
      const listed = pageStates.includes(state);
      const response = await post({ business_zipcode: zip, zipcode: zip, state: listed ? state : 'CA' });
      if (listed) {
        expect({ state, status: response.statusCode }).toEqual({ state, status: 201 });
      } else {
        expect({ state, status: response.statusCode }).toEqual({ state, status: 400 });
        expect(response.json().fields).toEqual([
          { field: 'business_zipcode', keyword: 'outsideServedArea', message: OUTSIDE },
          { field: 'zipcode', keyword: 'outsideServedArea', message: OUTSIDE },
        ]);
      }
    }
  });

  it.each([
    ['San Juan, PR', '00901'],
    ['Charlotte Amalie, VI', '00802'],
    ['Hagatna, GU', '96910'],
    ['Saipan, MP', '96950'],
    ['Pago Pago, AS', '96799'],
  ])('refuses a business in %s (%s), a ZIP the lookup does not list, naming the field', async (_place, zip) => {
    const response = await post({ business_zipcode: zip });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_lead',
      message: 'The lead has 1 invalid field: business_zipcode',
      fields: [{ field: 'business_zipcode', keyword: 'outsideServedArea', message: OUTSIDE }],
    });
  });

  it('refuses a territory as the state, as the page offers none', async () => {
    const response = await post({ state: 'PR' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'state', keyword: 'enum', message: 'Please choose one of the options' },
    ]);
  });
});
