/**
 * What a draft's overlay holds for a step: only the step's keys that differ from the base's resolved step, each whole
 * (an overlay replaces a step's key whole, engine/flow/overlay.ts), and `null` for a key the base has that the edit
 * removed. A step the base lacks is written whole; a step removed is `null`.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of JSON values; an object's key order does not count. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
}

/** The step's overlay entry against the base's step (undefined when the base has no such step): undefined when equal. */
export function stepChanges(edited: Json, base: Json | undefined): Json | undefined {
  if (base === undefined) return edited;
  const changes: Json = {};
  for (const [key, value] of Object.entries(edited)) {
    if (value !== undefined && !sameJson(value, base[key])) changes[key] = value;
  }
  for (const key of Object.keys(base)) {
    if (edited[key] === undefined) changes[key] = null;
  }
  return Object.keys(changes).length === 0 ? undefined : changes;
}

/** The overlay with this step as edited (or `null`: removed), every other key of the overlay kept as it was. */
export function overlayWithStep(overlay: Json, stepId: string, edited: Json | null, baseSteps: Json): Json {
  const base = isObject(baseSteps[stepId]) ? baseSteps[stepId] : undefined;
  const steps: Json = isObject(overlay.steps) ? { ...overlay.steps } : {};
  const entry = edited === null ? (base === undefined ? undefined : null) : stepChanges(edited, base);
  if (entry === undefined) delete steps[stepId];
  else steps[stepId] = entry;
  const rest = { ...overlay };
  delete rest.steps;
  return Object.keys(steps).length === 0 ? rest : { ...rest, steps };
}

/** The step as the draft has it: the base's step with the overlay's keys over it (`null` removing one). */
export function resolvedStep(overlay: Json, stepId: string, baseSteps: Json): Json | undefined {
  const base = isObject(baseSteps[stepId]) ? baseSteps[stepId] : undefined;
  const written = isObject(overlay.steps) ? overlay.steps[stepId] : undefined;
  if (written === null) return undefined;
  if (!isObject(written)) return base;
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(written)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Nothing but empty objects, however deep. */
const isEmpty = (value: unknown): boolean =>
  value === undefined || (isObject(value) && Object.values(value).every(isEmpty));

/**
 * The form's data less the empty objects it made for keys the step did not have (rjsf fills an optional object it
 * shows, such as `display`, with `{}`): they are no change, and saved they would be a problem ("display needs a
 * widget").
 */
export function withoutAddedEmpties(edited: Json, original: Json): Json {
  const result: Json = {};
  for (const [key, value] of Object.entries(edited)) {
    const before = original[key];
    if (isObject(value) && isObject(before)) result[key] = withoutAddedEmpties(value, before);
    else if (before !== undefined || !isEmpty(value)) result[key] = value;
  }
  return result;
}

/** Every step of the draft as resolved here, by id (the base's order, then the steps the overlay adds). */
export function resolvedSteps(overlay: Json, baseSteps: Json): Json {
  const written = isObject(overlay.steps) ? overlay.steps : {};
  const steps: Json = {};
  for (const id of new Set([...Object.keys(baseSteps), ...Object.keys(written)])) {
    const step = resolvedStep(overlay, id, baseSteps);
    if (step !== undefined) steps[id] = step;
  }
  return steps;
}

/** The overlay with a top-level setting (`consent`, say) as edited: left out when it is the base's again. */
export function overlayWithSetting(overlay: Json, key: string, value: unknown, base: Json): Json {
  const result = { ...overlay };
  if (sameJson(value, base[key])) delete result[key];
  else result[key] = value === undefined ? null : value;
  return result;
}
