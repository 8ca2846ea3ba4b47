/**
 * The name a version is published under is its address, `/<name>`: VERSION_NAME_PATTERN, and none the site already
 * answers (a file's version, a reserved path, the first segment of a file flow's step) so a published version never
 * shadows a page (docs/decisions/110-flow-studio-storage.md). A name another published version holds is refused by
 * the insert itself (its primary key), which also settles two publishes racing for one name.
 */
import { RESERVED_VERSION_NAMES, VERSION_NAME_PATTERN } from '../../../contracts/flow-studio.ts';
import { stepPath } from '../../../engine/flow/navigation.ts';
import type { FlowFiles } from './file-versions.ts';

const NAME = new RegExp(VERSION_NAME_PATTERN);

/** What is wrong with `name` as a new version's name, in a sentence; undefined when it may be used. */
export function nameProblem(name: string, files: FlowFiles): string | undefined {
  if (!NAME.test(name)) {
    return 'name must be 2 to 40 lowercase letters, digits and hyphens, starting with a letter, e.g. "spring-promo"';
  }
  if (files.get(name) !== undefined) return `name ${name} is a flow file's version: choose another name`;
  if (RESERVED_VERSION_NAMES.includes(name)) return `name ${name} is a path the site keeps for itself: choose another`;
  for (const { name: version, flow } of files.versions) {
    for (const [id, step] of Object.entries(flow.steps)) {
      if (stepPath(flow, step).split('/')[1] === name) {
        return `name ${name} is the address of step ${id} of ${version} (/${name}): choose another name`;
      }
    }
  }
  return undefined;
}
