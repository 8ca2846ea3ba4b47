/**
 * What a published version changes from its base, step by step, for the audit log:
 * `amount: heading changed from "How much?" to "How much do you need?"; thank-you: removed`. The flows are compared
 * resolved, so a version of a version is read against the flow it was made from; the keys publishing sets from the
 * name (version, basePath, storageKey) are left out.
 */
import type { Flow } from '../../../engine/flow/definition.ts';
import { isObject, SET_AT_PUBLISH } from './overlays.ts';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A value as the log shows it: a text quoted whole (a heading is short), a number or yes-no as it is, else nothing. */
const shown = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? JSON.stringify(value)
    : undefined;

const isText = (value: unknown): boolean => typeof value === 'string';

function keyChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  leaveOut: readonly string[],
): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !leaveOut.includes(key));
  return keys.flatMap((key): string[] => {
    if (same(before[key], after[key])) return [];
    if (!(key in after)) return [`${key} removed`];
    if (!(key in before))
      return [shown(after[key]) === undefined ? `${key} added` : `${key} added: ${shown(after[key])}`];
    const [was, is] = [before[key], after[key]];
    // A small object of texts (the consent, the buttons, the messages) says which of its texts changed.
    if (isObject(was) && isObject(is) && [...Object.values(was), ...Object.values(is)].every(isText)) {
      return [`${key} changed (${keyChanges(was, is, []).join(', ')})`];
    }
    const from = shown(before[key]);
    const to = shown(after[key]);
    return [from === undefined || to === undefined ? `${key} changed` : `${key} changed from ${from} to ${to}`];
  });
}

/** The changes, one clause per step or setting, joined by "; " ("no change" when there is none). */
export function versionDiff(base: Flow, version: Flow): string {
  const lines: string[] = [];
  const settings = keyChanges(base, version, [...SET_AT_PUBLISH, 'steps', '$schema']);
  if (settings.length > 0) lines.push(`settings: ${settings.join(', ')}`);
  const ids = [...new Set([...Object.keys(base.steps), ...Object.keys(version.steps)])];
  for (const id of ids) {
    const before: unknown = base.steps[id];
    const after: unknown = version.steps[id];
    if (!isObject(after)) lines.push(`${id}: removed`);
    else if (!isObject(before)) lines.push(`${id}: added`);
    else {
      const changes = keyChanges(before, after, []);
      if (changes.length > 0) lines.push(`${id}: ${changes.join(', ')}`);
    }
  }
  return lines.length === 0 ? 'no change' : lines.join('; ');
}
