/**
 * Versions that extend another: the merge rule, the flows the shipped overlays resolve to, and the problems the checks
 * report at the file and pointer that wrote the offending value.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFlows, formatProblem } from '../../../engine/flow/checks.ts';
import { readFlowFiles, readFlowSources } from '../../../engine/flow/load.ts';
import { resolveFlows } from '../../../engine/flow/overlay.ts';
import { widgets } from '../../../widgets/info.ts';
import { jsonAt, validFlow, type FlowJson } from '../../support/bad-flows.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FULL_VERSIONS = join(import.meta.dirname, 'fixtures', 'full-versions');

const BASE = 'x/business-funding.v2.json';
const OVERLAY = 'x/business-funding.v3.json';
/** An overlay of the valid flow with its own version, address and storage, plus `changes`. */
const overlayOf = (changes: FlowJson = {}): FlowJson => ({
  extends: 'business-funding.v2.json',
  version: 'v3',
  basePath: '/v3',
  storageKey: 'business-funding.v3',
  ...changes,
});
const resolve = (overlay: FlowJson, base: FlowJson = validFlow()) =>
  resolveFlows([
    { file: BASE, json: base },
    { file: OVERLAY, json: overlay },
  ]);
const resolved = (overlay: FlowJson) => resolve(overlay).flows.find(({ file }) => file === OVERLAY)!.json as FlowJson;
const check = (overlay: FlowJson, base: FlowJson = validFlow()) =>
  checkFlows(
    [
      { file: BASE, json: base },
      { file: OVERLAY, json: overlay },
    ],
    widgets,
  ).map(formatProblem);

describe('the shipped versions', () => {
  it.each(['business-funding.v2.json', 'business-funding.v3.json'])(
    '%s resolves to the whole file it was before it extended v1, steps in the same order',
    (name) => {
      const before = JSON.parse(readFileSync(join(FULL_VERSIONS, name), 'utf8')) as FlowJson;
      const now = readFlowFiles(join(ROOT, 'flows')).find(({ file }) => file === `flows/${name}`)!.json as FlowJson;
      expect(now).toEqual(before);
      expect(Object.keys(jsonAt(now, 'steps'))).toEqual(Object.keys(jsonAt(before, 'steps')));
    },
  );

  it('are written as changes to v1 only', () => {
    for (const { file, json } of readFlowSources(join(ROOT, 'flows'))) {
      if (file !== 'flows/business-funding.json') expect(jsonAt(json).extends).toBe('business-funding.json');
    }
  });
});

describe('the merge rule', () => {
  it('replaces each top-level key the overlay writes whole, and keeps the others', () => {
    const flow = resolved(overlayOf({ messages: { required: 'Please answer' } }));
    expect(flow.messages).toEqual({ required: 'Please answer' });
    expect(flow.formHeading).toBe(validFlow().formHeading);
    expect(flow).not.toHaveProperty('extends');
  });

  it("replaces the keys an overlay step writes whole and keeps the step's others", () => {
    const flow = resolved(
      overlayOf({ steps: { amount: { heading: 'How much?', ui: { amount: { widget: 'slider' } } } } }),
    );
    const amount = jsonAt(flow, 'steps', 'amount');
    const before = jsonAt(validFlow(), 'steps', 'amount');
    expect(amount).toEqual({ ...before, heading: 'How much?', ui: { amount: { widget: 'slider' } } });
    expect(Object.keys(amount)).toEqual(Object.keys(before));
  });

  it('adds new steps after the base ones, and removes a step or a key written as null', () => {
    const extra = { route: 'extra', progress: 95, heading: 'One more thing', standalone: true };
    const flow = resolved(overlayOf({ steps: { extra, alternatives: null, zip: { help: 'Five digits' } } }));
    const steps = jsonAt(flow, 'steps');
    expect(Object.keys(steps)).toEqual(['start', 'amount', 'zip', 'revenue', 'thank-you', 'extra']);
    const withoutNull = resolved(overlayOf({ steps: { zip: { help: null } } }));
    expect(jsonAt(withoutNull, 'steps', 'zip')).not.toHaveProperty('help');
    expect(jsonAt(steps, 'zip').help).toBe('Five digits');
  });

  it('resolves a version that extends a version that extends another', () => {
    const files = [
      { file: BASE, json: validFlow() },
      { file: OVERLAY, json: overlayOf({ steps: { amount: { heading: 'How much?' } } }) },
      {
        file: 'x/business-funding.v4.json',
        json: { extends: 'business-funding.v3.json', version: 'v4', basePath: '/v4', storageKey: 'v4' },
      },
    ];
    const v4 = resolveFlows(files).flows[2]!;
    expect(jsonAt(v4.json, 'steps', 'amount').heading).toBe('How much?');
    expect(v4.writtenIn('/steps/amount/heading')).toBe(OVERLAY);
    expect(v4.writtenIn('/steps/amount/schema/properties/amount')).toBe(BASE);
    expect(v4.writtenIn('/basePath')).toBe('x/business-funding.v4.json');
    expect(checkFlows(files, widgets)).toEqual([]);
  });
});

describe('problems of a version that extends another, at the file and pointer that wrote them', () => {
  it('a bad "next" the overlay writes is reported in the overlay', () => {
    expect(check(overlayOf({ steps: { zip: { next: 'revenu' } } }))).toEqual([
      `${OVERLAY} /steps/zip/next: "revenu" is not a step (did you mean "revenue"?)`,
    ]);
  });

  it('a bad value the overlay inherits is reported once, in the base', () => {
    const base = validFlow();
    jsonAt(base, 'steps', 'amount', 'ui', 'amount').widget = 'slidr';
    expect(check(overlayOf(), base)).toEqual([
      `${BASE} /steps/amount/ui/amount/widget: unknown widget "slidr" (did you mean "slider"?)`,
    ]);
  });

  it('an inherited value that only the overlay makes wrong is reported in the base, naming the overlay', () => {
    expect(check(overlayOf({ steps: { alternatives: null } }))).toEqual([
      `${BASE} /steps/revenue/next/0/goto: "alternatives" is not a step (steps: start, amount, zip, revenue, thank-you) (inherited by ${OVERLAY})`,
    ]);
  });

  it('a step to change that the base lacks is reported with the step meant', () => {
    expect(check(overlayOf({ steps: { revenu: { heading: 'Monthly revenue?' } } }))).toEqual([
      `${OVERLAY} /steps/revenu: "revenu" is not a step of ${BASE} (did you mean "revenue"?): to add a new step, give it "route", "progress", "heading"`,
    ]);
    expect(check(overlayOf({ steps: { zip: { hedaing: null } } }))).toEqual([
      `${OVERLAY} /steps/zip/hedaing: step "zip" of ${BASE} has no "hedaing" (did you mean "heading"?): there is nothing to remove`,
    ]);
  });

  it('a base that is not a file of the folder is reported at "extends"', () => {
    expect(check(overlayOf({ extends: 'business-funding.v1.json' }))).toEqual([
      `${OVERLAY} /extends: "business-funding.v1.json" is not a flow file in this folder (did you mean "business-funding.v2.json"?)`,
    ]);
    expect(check(overlayOf({ extends: '../flows/business-funding.v2.json' }))).toEqual([
      `${OVERLAY} /extends: name the flow file this version extends, in this folder, e.g. "business-funding.json"`,
    ]);
  });

  it('files that extend each other in a circle are each reported at "extends"', () => {
    const base = { ...validFlow(), extends: 'business-funding.v3.json' };
    expect(check(overlayOf(), base)).toEqual([
      `${BASE} /extends: the files extend each other in a circle (${BASE} extends ${OVERLAY} extends ${BASE}): one of them must state its whole flow`,
      `${OVERLAY} /extends: the files extend each other in a circle (${OVERLAY} extends ${BASE} extends ${OVERLAY}): one of them must state its whole flow`,
    ]);
  });

  it('a base path, storage key or version left inherited is reported at the top of the overlay', () => {
    const overlay = overlayOf();
    delete overlay.basePath;
    expect(check(overlay)).toEqual([
      `${OVERLAY}: the basePath "/v2" (inherited from ${BASE}) is already the basePath of ${BASE}: give this file its own, e.g. "/v3"`,
    ]);
  });

  it('reading the folder for the server refuses a version that cannot be resolved, naming file and pointer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fundflow-overlay-'));
    try {
      mkdirSync(join(dir, 'flows'));
      writeFileSync(join(dir, 'flows', 'business-funding.v3.json'), JSON.stringify(overlayOf()));
      expect(() => readFlowFiles(join(dir, 'flows'))).toThrow(
        'flows/business-funding.v3.json /extends: "business-funding.v2.json" is not a flow file in this folder',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
