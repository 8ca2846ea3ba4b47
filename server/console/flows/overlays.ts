/**
 * Drafts and published versions as overlays (engine/flow/overlay.ts): a draft holds only what differs from its base;
 * a published version's overlay is completed so that, saved as `flows/<flow id>.<name>.json`, it behaves the same
 * (docs/decisions/110-flow-studio-storage.md). A version drafted from a published one is resolved down to a file
 * base: the published version's changes first, the draft's over them.
 */
import type { PublishedVersion } from '../../page/index.ts';
import type { FileVersion, FlowFiles } from './file-versions.ts';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys publishing sets from the version's name: a draft leaves them out. */
export const SET_AT_PUBLISH: readonly string[] = ['version', 'basePath', 'storageKey'];

/** Keys of an overlay file that are not changes: the base it names and the schema an editor checks it with. */
const NOT_CHANGES = new Set(['extends', '$schema', ...SET_AT_PUBLISH]);

/** The version a draft or a new version starts from: a file's, or a published one. */
export type Base = { kind: 'file'; file: FileVersion } | { kind: 'published'; version: PublishedVersion };

export function baseName(base: Base): string {
  return base.kind === 'file' ? base.file.name : base.version.name;
}

/** What a draft of `base` names in `extends`: the file's name, or the published version's. */
export function extendsOf(base: Base): string {
  return base.kind === 'file' ? base.file.file : base.version.name;
}

/** What an overlay changes: its keys but `extends`, `$schema` and those set at publish. */
export function changesOf(overlay: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(overlay).filter(([key]) => !NOT_CHANGES.has(key)));
}

/**
 * `over` applied to `under`, both overlays of the same file, as one overlay of it: a key `over` writes replaces
 * `under`'s, steps are merged by id and a step's keys one by one, as the overlay rule merges them into a flow.
 */
export function mergeOverlays(under: JsonObject, over: JsonObject): JsonObject {
  const merged: JsonObject = { ...under, ...over };
  if (isObject(under.steps) && isObject(over.steps)) {
    const steps: JsonObject = { ...under.steps };
    for (const [id, step] of Object.entries(over.steps)) {
      const before = steps[id];
      steps[id] = isObject(before) && isObject(step) ? { ...before, ...step } : step;
    }
    merged.steps = steps;
  }
  return merged;
}

/** The file a published version's overlay extends; undefined if the files no longer have it. */
export function fileBaseOf(base: Base, files: FlowFiles): FileVersion | undefined {
  if (base.kind === 'file') return base.file;
  const named = base.version.overlay.extends;
  return typeof named === 'string' ? files.byFile(named) : undefined;
}

/** A draft's changes as changes to its file base: over a published base, that version's changes come first. */
export function changesOverFile(base: Base, draftChanges: JsonObject): JsonObject {
  return base.kind === 'file' ? draftChanges : mergeOverlays(changesOf(base.version.overlay), draftChanges);
}

/** The name a version's overlay file takes in flows/: `business-funding.spring-promo.json`. */
export function overlayFileName(fileBase: FileVersion, name: string): string {
  return `${fileBase.flow.id}.${name}.json`;
}

/** The overlay of version `name`: the file it extends, its own address, storage and label, then its changes. */
export function completeOverlay(fileBase: FileVersion, name: string, changes: JsonObject): JsonObject {
  return {
    $schema: './flow.schema.json',
    extends: fileBase.file,
    version: name,
    basePath: `/${name}`,
    storageKey: `${fileBase.flow.id}-${name}`,
    ...changesOf(changes),
  };
}
