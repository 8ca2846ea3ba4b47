/**
 * Versions that extend another (decision 026): a flow file with `"extends": "business-funding.json"` states only what
 * differs from that file, and is resolved here into the whole flow every other part of the engine reads. The rule,
 * as flows/README.md tells it:
 *
 * - each top-level key the overlay writes replaces the base's value whole (`messages`, `consent`, `buttons` too);
 * - `steps` are merged by step id: each key an overlay step writes replaces that key of the base's step whole (`next`,
 *   `heading`, `schema`, `ui`...), its other keys are the base's; a step id the base lacks adds a step, after the
 *   base's steps;
 * - `null` removes: a step (`"steps": { "alternatives": null }`) or an optional key (`"standalone": null`);
 * - the base may itself extend another file; files that extend each other in a circle are refused.
 *
 * Because nothing is merged deeper than a step's keys, every value of the resolved flow sits at the same pointer in
 * the file that wrote it, so `writtenIn` needs only to say which file that was.
 *
 * Pure: the files come in parsed, by the name messages show them.
 */
import { StepSchema } from './definition.ts';
import { pointerTo } from './explain.ts';
import type { Problem } from './problem.ts';
import { didYouMean, didYouMeanOrList } from './suggest.ts';

type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** One flow file: where it is and its parsed JSON. */
export interface FlowFile {
  /** Path relative to the project root, as messages show it, e.g. "flows/business-funding.v2.json". */
  file: string;
  /** The parsed JSON, not yet checked. */
  json: unknown;
}

/** A flow file resolved: its whole flow, and for each value the file that wrote it. */
export interface ResolvedFlow extends FlowFile {
  /** What the file changes from the one it extends; undefined for a file that states its whole flow. */
  changes?: OverlayChanges;
  /** The file that wrote the value at `pointer` of the resolved flow (the same pointer in that file). */
  writtenIn: (pointer: string) => string;
}

/** What a version changes from the file it extends, for the marketer guide and its diagrams. */
export interface OverlayChanges {
  /** The file extended, as messages show it. */
  base: string;
  /** Top-level settings the overlay writes (or removes, when `removed`). */
  settings: { key: string; removed: boolean }[];
  /** Steps the overlay adds, removes or changes, with the keys it writes or removes. */
  steps: { id: string; change: 'added' | 'removed' | 'changed'; keys: { key: string; removed: boolean }[] }[];
}

/** The keys a new step must have (route, progress, heading): without them a step id is taken for a misspelt one. */
const STEP_REQUIRED: readonly string[] = StepSchema.required;

/** The folder part of a file as shown ("flows/" of "flows/business-funding.v2.json"). */
const folderOf = (file: string): string => file.slice(0, file.lastIndexOf('/') + 1);

/**
 * Resolves every file: the flows in the files' order, and the problems that kept a file from resolving (a missing
 * base, a circle, a step to change that the base lacks), each at the file and pointer that wrote it. A file with such
 * a problem is left out of `flows`.
 */
export function resolveFlows(files: readonly FlowFile[]): { flows: ResolvedFlow[]; problems: Problem[] } {
  const byFile = new Map(files.map((file) => [file.file, file]));
  const problems: Problem[] = [];
  const resolved = new Map<string, ResolvedFlow | undefined>();

  const resolve = (file: string, chain: readonly string[]): ResolvedFlow | undefined => {
    if (resolved.has(file)) return resolved.get(file);
    const { json } = byFile.get(file)!;
    if (!isObject(json) || !('extends' in json)) {
      const whole: ResolvedFlow = { file, json, writtenIn: () => file };
      resolved.set(file, whole);
      return whole;
    }
    const fail = (pointer: string, message: string) => {
      problems.push({ file, pointer, message });
      resolved.set(file, undefined);
      return undefined;
    };
    const name = json.extends;
    if (typeof name !== 'string' || !/^[^/\\]+\.json$/.test(name)) {
      return fail('/extends', 'name the flow file this version extends, in this folder, e.g. "business-funding.json"');
    }
    const baseFile = folderOf(file) + name;
    const circle = [...chain, file].indexOf(baseFile);
    if (circle !== -1) {
      const members = [...chain, file].slice(circle);
      for (const [index, member] of members.entries()) {
        const round = [...members.slice(index), ...members.slice(0, index), member];
        problems.push({
          file: member,
          pointer: '/extends',
          message: `the files extend each other in a circle (${round.join(' extends ')}): one of them must state its whole flow`,
        });
        resolved.set(member, undefined);
      }
      return undefined;
    }
    if (!byFile.has(baseFile)) {
      const names = files.filter((other) => folderOf(other.file) === folderOf(file) && other.file !== file);
      const hint = didYouMeanOrList(
        name,
        names.map((other) => other.file.slice(folderOf(file).length)),
        'flow files',
      );
      return fail('/extends', `"${name}" is not a flow file in this folder${hint}`);
    }
    const base = resolve(baseFile, [...chain, file]);
    if (resolved.has(file)) return resolved.get(file); // part of a circle, reported above
    if (base === undefined) {
      return fail('/extends', `"${name}" cannot be resolved: fix the problems of ${baseFile} first`);
    }
    const merged = mergeFlow(base, json, (pointer, message) => problems.push({ file, pointer, message }));
    const flow: ResolvedFlow = {
      file,
      json: merged,
      changes: overlayChanges(json, base.json, baseFile),
      writtenIn: (pointer) => (writes(json, pointer) ? file : base.writtenIn(pointer)),
    };
    resolved.set(file, flow);
    return flow;
  };

  const flows: ResolvedFlow[] = [];
  for (const { file } of files) {
    const flow = resolve(file, []);
    if (flow !== undefined) flows.push(flow);
  }
  return { flows, problems };
}

/**
 * Whether an overlay writes the value at `pointer` (or the value holding it): the top-level key, or for a pointer into
 * a step, the step's key (or the step, for the step itself).
 */
function writes(overlay: JsonObject, pointer: string): boolean {
  if (pointer === '') return true;
  const [key, id, stepKey] = pointer.slice(1).split('/').map(unescapePointer);
  if (key === undefined || !(key in overlay)) return false;
  if (key !== 'steps' || id === undefined) return true;
  const steps = overlay.steps;
  if (!isObject(steps)) return true;
  if (!(id in steps)) return false;
  const step = steps[id];
  return stepKey === undefined || !isObject(step) || stepKey in step;
}

const unescapePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

type Report = (pointer: string, message: string) => void;

/** The base flow with the overlay's keys and steps applied, in the base's order with new ones after. */
function mergeFlow(base: ResolvedFlow, overlay: JsonObject, report: Report): unknown {
  if (!isObject(base.json)) return base.json;
  const changes = Object.fromEntries(Object.entries(overlay).filter(([key]) => key !== 'extends'));
  const merged = mergeKeys(base.json, changes, '', base.file, report);
  if (isObject(base.json.steps) && isObject(changes.steps)) {
    merged.steps = mergeSteps(base.file, base.json.steps, changes.steps, report);
  }
  return merged;
}

function mergeSteps(baseFile: string, base: JsonObject, overlay: JsonObject, report: Report): JsonObject {
  const steps: JsonObject = {};
  for (const [id, step] of Object.entries(base)) {
    if (!(id in overlay)) steps[id] = step;
    else if (overlay[id] === null) continue;
    else {
      const change = overlay[id];
      steps[id] =
        isObject(step) && isObject(change)
          ? mergeKeys(step, change, pointerTo('', 'steps', id), baseFile, report)
          : change;
    }
  }
  for (const [id, step] of Object.entries(overlay)) {
    if (id in base) continue;
    const at = pointerTo('', 'steps', id);
    const notInBase = `"${id}" is not a step of ${baseFile}${didYouMean(id, Object.keys(base))}`;
    if (step === null) report(at, `${notInBase}: there is no step to remove`);
    else if (isObject(step) && STEP_REQUIRED.some((key) => !(key in step))) {
      const keys = STEP_REQUIRED.map((key) => `"${key}"`).join(', ');
      report(at, `${notInBase}: to add a new step, give it ${keys}`);
    } else steps[id] = step;
  }
  return steps;
}

/**
 * The base's keys with the overlay's: a key the overlay writes replaces the base's value whole (or removes it when
 * `null`); new keys follow the base's.
 */
function mergeKeys(base: JsonObject, overlay: JsonObject, at: string, baseFile: string, report: Report): JsonObject {
  const merged: JsonObject = {};
  for (const [key, value] of Object.entries(base)) {
    if (!(key in overlay)) merged[key] = value;
    else if (overlay[key] !== null) merged[key] = overlay[key];
  }
  for (const [key, value] of Object.entries(overlay)) {
    if (key in base) continue;
    if (value !== null) merged[key] = value;
    else {
      const where = at === '' ? baseFile : `step "${at.slice('/steps/'.length)}" of ${baseFile}`;
      report(
        pointerTo(at, key),
        `${where} has no "${key}"${didYouMean(key, Object.keys(base))}: there is nothing to remove`,
      );
    }
  }
  return merged;
}

/** What an overlay changes from its resolved base. */
function overlayChanges(overlay: JsonObject, base: unknown, baseFile: string): OverlayChanges {
  const keysOf = (object: JsonObject, leaveOut: readonly string[]) =>
    Object.entries(object)
      .filter(([key]) => !leaveOut.includes(key))
      .map(([key, value]) => ({ key, removed: value === null }));
  const steps = isObject(overlay.steps) ? overlay.steps : {};
  const baseSteps = isObject(base) && isObject(base.steps) ? base.steps : {};
  return {
    base: baseFile,
    settings: keysOf(overlay, ['extends', '$schema', 'steps']),
    steps: Object.entries(steps).map(([id, step]) => ({
      id,
      change: step === null ? 'removed' : id in baseSteps ? 'changed' : 'added',
      keys: isObject(step) && id in baseSteps ? keysOf(step, []) : [],
    })),
  };
}
