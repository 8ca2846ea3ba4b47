/** Checks between flow files: each version its own basePath, storageKey and version, and no two serving one URL. */
import { pointerTo } from '../explain.ts';
import type { ResolvedFlow } from '../overlay.ts';
import { stepPath } from '../navigation.ts';
import type { JsonObject } from '../schema.ts';
import { isObject, quoted } from './run.ts';

/** What a version could use instead of another file's basePath or storageKey: one made of its own id and version. */
function ownValueHint(key: 'basePath' | 'storageKey', json: JsonObject): string {
  if (typeof json.version !== 'string' || !/^v[0-9]+$/.test(json.version)) return 'give this file its own';
  if (key === 'basePath') return `give this file its own, e.g. "/${json.version}"`;
  return `give this file its own, e.g. "${typeof json.id === 'string' ? json.id : 'flow'}-${json.version}"`;
}

export function checkAcrossFiles(
  files: readonly ResolvedFlow[],
  reservedPaths: ReadonlyMap<string, string>,
  report: (file: string, pointer: string, message: string) => void,
): void {
  const seen = new Map<string, string>();
  const claim = (key: string, file: string): string | undefined => {
    const owner = seen.get(key);
    if (owner === undefined) seen.set(key, file);
    return owner === file ? undefined : owner;
  };
  const sharedBasePath = new Set<string>();
  for (const { file, json, writtenIn } of files) {
    if (!isObject(json)) continue;
    // A value the file inherits from the one it extends is to be given in this file: said at its top.
    const at = (key: string) => (writtenIn(`/${key}`) === file ? `/${key}` : '');
    const inherited = (key: string) => (at(key) === '' ? ` (inherited from ${writtenIn(`/${key}`)})` : '');
    for (const key of ['basePath', 'storageKey'] as const) {
      const value = json[key];
      if (typeof value !== 'string') continue;
      const owner = claim(`${key}\u0000${value}`, file);
      if (!owner) continue;
      const message = `${JSON.stringify(value)}${inherited(key)} is already the ${key} of ${owner}: ${ownValueHint(key, json)}`;
      report(file, at(key), at(key) === '' ? `the ${key} ${message}` : message);
      if (key === 'basePath') sharedBasePath.add(file);
    }
    if (typeof json.id === 'string' && typeof json.version === 'string') {
      const owner = claim(`version\u0000${json.id}\u0000${json.version}`, file);
      if (owner) {
        report(
          file,
          at('version'),
          `version ${quoted(json.version)}${inherited('version')} of ${quoted(json.id)} is already defined by ${owner}: give this file a version of its own`,
        );
      }
    }
  }

  // Two files must not serve the same URL (e.g. a route "v2" in the main version and the start of /v2). Files
  // sharing a basePath collide everywhere: that was said once above.
  const paths = new Map<string, { file: string; id: string }>();
  for (const { file, json } of files) {
    if (!isObject(json) || typeof json.basePath !== 'string' || !isObject(json.steps) || sharedBasePath.has(file))
      continue;
    const ownPaths = new Set<string>();
    for (const [id, step] of Object.entries(json.steps)) {
      if (!isObject(step) || typeof step.route !== 'string') continue;
      const path = stepPath({ basePath: json.basePath }, { route: step.route });
      if (ownPaths.has(path)) continue; // a duplicate route, reported with the file
      ownPaths.add(path);
      const reserved = reservedPaths.get(path);
      if (reserved !== undefined) {
        report(
          file,
          pointerTo('', 'steps', id, 'route'),
          `the path ${quoted(path)} is the site's ${reserved}: choose another route`,
        );
        continue;
      }
      const owner = paths.get(path);
      if (owner === undefined) paths.set(path, { file, id });
      else if (owner.file !== file) {
        const message = `the path ${quoted(path)} is already served by step ${quoted(owner.id)} of ${owner.file}`;
        report(file, pointerTo('', 'steps', id, 'route'), message);
      }
    }
  }
}
