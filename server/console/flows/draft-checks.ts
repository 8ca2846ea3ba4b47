/**
 * A draft's checks: exactly those of `npm run flows:check` (engine/flow/checks.ts checkFlows, with the same reserved
 * paths, by one flowChecker kept for every save), run on the flow files plus the draft as one more file, completed as
 * publishing will complete it. Each problem is given at its JSON pointer into the draft's resolved flow (a value sits at
 * the same pointer in the overlay that writes it and in the flow it resolves to) with a sentence that says what it is
 * about (problem-sentences.ts).
 */
import { flowChecker, type WidgetInfo } from '../../../engine/flow/checks.ts';
import type { Flow } from '../../../engine/flow/definition.ts';
import { resolveFlows } from '../../../engine/flow/overlay.ts';
import { builtInPagePaths } from '../../../contracts/public-config.ts';
import { PREVIEW_PREFIX, type FlowProblem } from '../../../contracts/flow-studio.ts';
import type { FlowFiles } from './file-versions.ts';
import {
  baseName,
  changesOf,
  changesOverFile,
  completeOverlay,
  extendsOf,
  fileBaseOf,
  isObject,
  overlayFileName,
  SET_AT_PUBLISH,
  type Base,
  type JsonObject,
} from './overlays.ts';
import { readableProblem } from './problem-sentences.ts';

/** The name a draft is checked under until it has one: reserved, so no file or published version can hold it. */
const CHECKED_AS = 'studio-preview';

export const NOT_AN_OVERLAY: FlowProblem = {
  pointer: '',
  message: 'the draft must be a JSON object of changes to its base, e.g. {"steps": {}}',
};

export interface CheckedDraft {
  /** The draft's flow as the preview serves it; null when the overlay cannot be applied (see problems). */
  flow: Flow | null;
  problems: FlowProblem[];
}

export interface DraftChecker {
  check(draftId: string, base: Base, overlay: unknown): CheckedDraft;
}

export function draftChecker(files: FlowFiles, widgets: readonly WidgetInfo[]): DraftChecker {
  // Made once for every save: building the checks' validators and compiling the step schemas was most of a save.
  const flows = flowChecker(widgets, { reservedPaths: builtInPagePaths() });
  return {
    check(draftId, base, overlay) {
      if (!isObject(overlay)) {
        return { flow: null, problems: [NOT_AN_OVERLAY] };
      }
      const own = ownProblems(base, overlay);
      const fileBase = fileBaseOf(base, files);
      if (fileBase === undefined) {
        const message = `the draft's base ${baseName(base)} extends a flow file this server does not have`;
        return { flow: null, problems: [...own, { pointer: '/extends', message }] };
      }
      const file = `flows/${overlayFileName(fileBase, CHECKED_AS)}`;
      const json = completeOverlay(fileBase, CHECKED_AS, changesOverFile(base, changesOf(overlay)));
      const all = [...files.sources, { file, json }];
      const inherited = ` (inherited by ${file})`;
      const problems = flows.check(all).flatMap(({ file: at, pointer, message }) => {
        if (at === file) return [readableProblem(pointer, message)];
        // A value the draft inherits is reported at the file that wrote it, once it is the draft that breaks it.
        if (!message.endsWith(inherited)) return [];
        return [readableProblem(pointer, message.slice(0, -inherited.length))];
      });
      const resolved = resolveFlows(all).flows.find((flow) => flow.file === file)?.json;
      return { flow: isObject(resolved) ? previewFlow(resolved, draftId) : null, problems: [...own, ...problems] };
    },
  };
}

/** What the checks cannot see once the draft is completed: another base named, keys publishing sets. */
function ownProblems(base: Base, overlay: JsonObject): FlowProblem[] {
  const problems: FlowProblem[] = [];
  if (overlay.extends !== undefined && overlay.extends !== extendsOf(base)) {
    problems.push({
      pointer: '/extends',
      message: `the draft extends ${baseName(base)} ("extends": ${JSON.stringify(extendsOf(base))}): start a new draft to change the base`,
    });
  }
  for (const key of SET_AT_PUBLISH) {
    if (key in overlay) {
      problems.push({
        pointer: `/${key}`,
        message: `the ${key} is set from the version name when the draft is published: leave "${key}" out`,
      });
    }
  }
  return problems;
}

/**
 * A flow at the preview's address (`id`: a draft's, or a version's name before any change), under a storage key and
 * version of its own that nothing counts.
 */
export function previewFlow(resolved: JsonObject, draftId: string): Flow {
  return {
    ...(resolved as unknown as Flow),
    version: 'preview',
    basePath: `${PREVIEW_PREFIX}/${draftId}`,
    storageKey: `studio-preview-${draftId}`,
  };
}
