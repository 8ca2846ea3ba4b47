/**
 * What the flow studio's routes share: the flow files, the published versions (the catalog every server polls), the
 * checks, and a draft as the API shows it, its checks run once per revision (the list of problems and the preview
 * both read them).
 */
import type { FastifyRequest } from 'fastify';
import type { FlowDraft } from '../../../contracts/flow-studio.ts';
import { previewPath } from '../../../contracts/flow-studio.ts';
import type { VersionCatalog } from '../../page/index.ts';
import type { Database } from '../../platform/db/types.ts';
import type { WidgetInfo } from '../../../engine/flow/checks.ts';
import type { CheckedDraft, DraftChecker } from './draft-checks.ts';
import { draftInLanguages, draftLanguagesView, type StudioLanguage } from './draft-languages.ts';
import type { StoredDraft } from './draft-store.ts';
import type { FlowFiles } from './file-versions.ts';
import type { Base } from './overlays.ts';

export interface Studio {
  db: Database;
  now: () => number;
  files: FlowFiles;
  catalog: VersionCatalog;
  checker: DraftChecker;
  /** SPLIT_TEST: the split test's weights while the studio has set none. */
  splitTest: ReadonlyMap<string, number>;
  /** The other languages of the flows, which drafts are translated into. */
  languages: readonly StudioLanguage[];
  widgets: readonly WidgetInfo[];
  /** The checks of a draft's revision, run once, with the draft in each language (none when it has no flow). */
  checked(draft: StoredDraft): CheckedDraft & { languages: ReturnType<typeof draftInLanguages> };
}

/** Revisions whose checks are kept: the drafts being edited now, a few revisions each. */
const CHECKS_KEPT = 64;

export function createStudio(parts: Omit<Studio, 'checked'>): Studio {
  const kept = new Map<string, ReturnType<Studio['checked']>>();
  const inLanguages = (checked: CheckedDraft, base: Base, draft: StoredDraft) => ({
    ...checked,
    languages: checked.flow === null ? [] : draftInLanguages(parts, base, checked.flow, draft.translations),
  });
  const studio: Studio = {
    ...parts,
    checked(draft) {
      const key = `${draft.id}:${draft.revision}`;
      const found = kept.get(key);
      if (found !== undefined) return found;
      const base = baseNamed(studio, draft.base);
      const checked =
        base === undefined
          ? {
              flow: null,
              problems: [{ pointer: '/extends', message: `the base ${draft.base} no longer exists` }],
              languages: [],
            }
          : inLanguages(parts.checker.check(draft.id, base, draft.overlay), base, draft);
      kept.set(key, checked);
      if (kept.size > CHECKS_KEPT) kept.delete(kept.keys().next().value!);
      return checked;
    },
  };
  return studio;
}

/**
 * Polls the catalog at once after a change, so this server answers with it; should the poll fail, the change is
 * made all the same and reaches this server with its next poll, as it reaches the others.
 */
export async function refreshAfterChange(studio: Studio, request: FastifyRequest): Promise<void> {
  await studio.catalog.refresh().catch((error: unknown) => {
    request.log.error({ err: error }, 'the published versions could not be read after a change');
  });
}

/** The version named, a file's or a published one (retired ones too: a draft may start from any). */
export function baseNamed(studio: Pick<Studio, 'files' | 'catalog'>, name: string): Base | undefined {
  const file = studio.files.get(name);
  if (file !== undefined) return { kind: 'file', file };
  const version = studio.catalog.get(name);
  return version === undefined ? undefined : { kind: 'published', version };
}

/** The draft as GET and PUT answer it: with its flow and problems, and where its preview is. */
export function draftView(studio: Studio, draft: StoredDraft): FlowDraft {
  const { flow, problems, languages } = studio.checked(draft);
  return {
    id: draft.id,
    base: draft.base,
    revision: draft.revision,
    updated_by: draft.updatedBy,
    updated_at: draft.updatedAt.toISOString(),
    overlay: draft.overlay,
    flow: flow,
    problems,
    languages: draftLanguagesView(languages),
    // The revision in the address makes the preview's frame load again after each save.
    preview_path: `${previewPath(draft.id)}?revision=${draft.revision}`,
  };
}
