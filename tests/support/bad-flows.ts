/**
 * Bad flows for the flow checks' tests, each made from the valid flow (tests/engine/flow/fixtures/valid) by one small patch,
 * so each differs from a flow without problems by its mistakes alone, and a change to the flow definition changes one
 * file.
 * A bad flow is a folder of flow files, as `flows/` is: most hold one file, duplicate-base-path holds two.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlowFiles } from '../../engine/flow/load.ts';
import type { FlowFile } from '../../engine/flow/load.ts';

// Flow JSON as a marketer may write it, mistakes included: no type describes it beyond objects of keys.
export type FlowJson = Record<string, unknown>;
type Patch = (flow: FlowJson) => void;

/**
 * The object at `path` in `json` (array items by index), to read or change in place. Throws when something on the way
 * is not an object, so a patch that no longer fits the flow it changes fails loudly.
 */
export function jsonAt(json: unknown, ...path: (string | number)[]): FlowJson {
  let value = json;
  for (const [index, key] of path.entries()) {
    value = asObject(value, path.slice(0, index))[key];
  }
  return asObject(value, path);
}

function asObject(value: unknown, path: readonly (string | number)[]): FlowJson {
  if (typeof value !== 'object' || value === null) throw new Error(`no object at /${path.join('/')}`);
  return value as FlowJson;
}

export const VALID_FLOW_DIR = fileURLToPath(new URL('../engine/flow/fixtures/valid/', import.meta.url));
const VALID_FILE = 'business-funding.v2.json';

/** The valid flow, a fresh copy each time. */
export function validFlow(): FlowJson {
  return structuredClone(readFlowFiles(VALID_FLOW_DIR)[0]!.json) as FlowJson;
}

/** Renames a key in place, keeping its position, so a problem's pointer sits where a typo would. */
function renameKey(object: FlowJson, from: string, to: string): void {
  const entries = Object.entries(object);
  for (const key of Object.keys(object)) delete object[key];
  for (const [key, value] of entries) object[key === from ? to : key] = value;
}

const oneFile = (patch: Patch): Readonly<Record<string, Patch>> => ({ [VALID_FILE]: patch });

/** Each bad flow by name: its files, each the valid flow with a patch. */
const BAD_FLOWS = {
  'misspelt-key': oneFile((flow) => renameKey(jsonAt(flow, 'steps', 'amount'), 'heading', 'hedaing')),
  'missing-step': oneFile((flow) => {
    jsonAt(flow, 'steps', 'zip').next = 'revenu';
  }),
  'unreachable-step': oneFile((flow) => {
    jsonAt(flow, 'steps')['old-offer'] = { route: 'old-offer', progress: 60, heading: 'An offer we no longer link to' };
  }),
  'duplicate-route': oneFile((flow) => {
    jsonAt(flow, 'steps', 'alternatives').route = 'revenue';
  }),
  'decreasing-progress': oneFile((flow) => {
    jsonAt(flow, 'steps', 'start').progress = 20;
    jsonAt(flow, 'steps', 'amount').progress = 15;
  }),
  'schema-typo': oneFile((flow) =>
    renameKey(jsonAt(flow, 'steps', 'amount', 'schema', 'properties', 'amount'), 'minimum', 'minimun'),
  ),
  'unknown-widget': oneFile((flow) => {
    jsonAt(flow, 'steps', 'amount', 'ui', 'amount').widget = 'slidr';
  }),
  'wrong-type-widget': oneFile((flow) => {
    jsonAt(flow, 'steps', 'start', 'ui').business_type = { widget: 'slider', hideLabel: true };
  }),
  'bad-widget-option': oneFile((flow) =>
    renameKey(jsonAt(flow, 'steps', 'amount', 'ui', 'amount', 'options'), 'maxLabel', 'maxLable'),
  ),
  'errors-keyword': oneFile((flow) =>
    renameKey(jsonAt(flow, 'steps', 'amount', 'errors', 'amount'), 'maximum', 'maximun'),
  ),
  'display-widget-for-field': oneFile((flow) => {
    jsonAt(flow, 'steps', 'amount', 'ui').amount = { widget: 'offers', hideLabel: true };
  }),
  'unknown-action': oneFile((flow) => {
    jsonAt(flow, 'steps', 'amount').action = 'submit-leed';
  }),
  'layout-not-object': oneFile((flow) => {
    const amount = jsonAt(flow, 'steps', 'amount');
    delete amount.ui;
    amount.layout = { widget: 'slider' };
  }),
  'unknown-placeholder': oneFile((flow) => {
    jsonAt(flow, 'steps', 'amount', 'errors', 'amount').maximum = 'Please enter at most {limt}';
  }),
  'several-mistakes': oneFile((flow) => {
    jsonAt(flow, 'messages').minLenght = 'Too short';
    jsonAt(flow, 'steps', 'start').progress = 'ten';
    jsonAt(flow, 'steps', 'amount', 'ui', 'amount').widget = 'slidr';
    jsonAt(flow, 'steps', 'zip').next = 'revenu';
    jsonAt(flow, 'steps', 'revenue', 'next', 0, 'when', 'properties', 'revenue').maximun = 9999;
    jsonAt(flow, 'steps', 'alternatives', 'display').options = {};
  }),
  'duplicate-base-path': {
    [VALID_FILE]: () => {},
    'business-funding.v3.json': (flow) => {
      flow.version = 'v3';
    },
  },
} satisfies Record<string, Readonly<Record<string, Patch>>>;

export type BadFlowName = keyof typeof BAD_FLOWS;

/** The files of a bad flow in memory, shown as `<name>/<file>` in messages (e.g. missing-step/business-funding.v2.json). */
export function badFlow(name: BadFlowName): FlowFile[] {
  return Object.entries(BAD_FLOWS[name] as Readonly<Record<string, Patch>>).map(([file, patch]) => {
    const json = validFlow();
    patch(json);
    return { file: `${name}/${file}`, json };
  });
}

/** A bad flow written to a temporary folder named after it, for the command line; `remove` deletes it. */
export function writeBadFlow(name: BadFlowName): { dir: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'fundflow-bad-flows-'));
  const dir = join(root, name);
  mkdirSync(dir);
  for (const { file, json } of badFlow(name)) writeFileSync(join(root, file), `${JSON.stringify(json, null, 2)}\n`);
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
