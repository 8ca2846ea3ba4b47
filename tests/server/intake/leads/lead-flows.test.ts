/** Flow files that cannot take leads stop the server with a message naming the file. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLeadFlows } from '../../../../server/intake/leads/lead-flows.ts';
import { FLOWS_DIR } from '../../../../server/platform/paths.ts';
import { tempDir, writeFlows } from '../../../support/server-harness.ts';

const NAMES = { product: 'Fundflow', lenders: ['North Bank', 'East Capital'] };
const v1 = (): Record<string, unknown> => JSON.parse(readFileSync(join(FLOWS_DIR, 'business-funding.json'), 'utf8'));

let dir: ReturnType<typeof tempDir>;
afterEach(() => dir?.remove());

function flows(files: Record<string, unknown>): string {
  dir = tempDir('fundflow-flows-');
  for (const [name, json] of Object.entries(files)) {
    writeFileSync(join(dir.path, name), typeof json === 'string' ? json : JSON.stringify(json));
  }
  return dir.path;
}

describe('reading the flows for lead intake', () => {
  it('takes every version of the shipped flows', () => {
    expect([...readLeadFlows(FLOWS_DIR, NAMES).keys()].sort()).toEqual(['v1', 'v2', 'v3']);
  });

  it('refuses a file that is not a flow', () => {
    dir = tempDir('fundflow-flows-');
    writeFlows(dir.path);
    expect(() => readLeadFlows(dir.path, NAMES)).toThrow(/^flows\/test-flow\.json is not a valid flow/);
  });

  it('refuses a flow without consent text', () => {
    const { consent: _dropped, ...flow } = v1();
    expect(() => readLeadFlows(flows({ 'business-funding.json': flow }), NAMES)).toThrow(
      'flows/business-funding.json: a flow that takes leads needs "consent" (the text and its version)',
    );
  });

  it('refuses two files of one version', () => {
    expect(() => readLeadFlows(flows({ 'a.json': v1(), 'b.json': v1() }), NAMES)).toThrow(
      'flows/a.json and flows/b.json are both version "v1": give each its own',
    );
  });

  it('refuses a step schema with a misspelt keyword', () => {
    type Fields = Record<string, Record<string, unknown>>;
    const flow = v1() as { steps: Record<string, { schema?: { properties: Fields } }> };
    flow.steps['about-business']!.schema!.properties.business_name!.maxLenght = 50;
    expect(() => readLeadFlows(flows({ 'business-funding.json': flow }), NAMES)).toThrow(
      /^flows\/business-funding\.json: the lead schema does not compile: .*maxLenght/,
    );
  });

  it('refuses a flow whose lead lacks a field every buyer receives', () => {
    type Step = { schema?: { properties: Record<string, unknown>; required?: string[] } };
    const flow = v1() as { steps: Record<string, Step> };
    const about = flow.steps['about-business']!.schema!;
    delete about.properties.business_zipcode;
    about.required = ['business_name'];
    expect(() => readLeadFlows(flows({ 'business-funding.json': flow }), NAMES)).toThrow(
      'flows/business-funding.json: no step asks for "business_zipcode", which every buyer receives in each lead ' +
        '(docs/decisions/045-lead-api-contract.md): add the field back to its step',
    );
  });

  it('refuses a file that is not JSON', () => {
    expect(() => readLeadFlows(flows({ 'business-funding.json': '{ "id": ' }), NAMES)).toThrow(
      /^The flow files cannot be read: flows\/business-funding\.json: not valid JSON/,
    );
  });
});
