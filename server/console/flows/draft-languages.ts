/**
 * A draft in the other languages of the flows (flows/languages/): the texts it adds or changes, each with its
 * translation when it has one, and the draft in each language once it has them all, which publishing then serves at
 * the language's prefix (docs/decisions/132-studio-versions-in-languages.md).
 */
import { basename } from 'node:path';
import type { DraftLanguage } from '../../../contracts/flow-studio.ts';
import type { WidgetInfo } from '../../../engine/flow/checks.ts';
import type { Flow } from '../../../engine/flow/definition.ts';
import { resolveFlows } from '../../../engine/flow/overlay.ts';
import { readLanguages } from '../../../engine/language/language-flows.ts';
import type { LanguageFile } from '../../../engine/language/language-file.ts';
import { translateFlowSources } from '../../../engine/language/translated-flows.ts';
import {
  translationMemory,
  versionInLanguage,
  type VersionInLanguage,
} from '../../../engine/language/version-translation.ts';
import type { VersionCatalog } from '../../page/index.ts';
import type { DraftTranslations } from './draft-store.ts';
import type { FlowFiles } from './file-versions.ts';
import type { Base } from './overlays.ts';

/** A language of the flows as the studio translates drafts into it. */
export interface StudioLanguage {
  file: LanguageFile;
  /** The same English words take the same translation: the language's translations of the flow files' texts. */
  memory: ReadonlyMap<string, string>;
  /** Each file version resolved in the language, by version name (basePath as in English). */
  fileFlows: ReadonlyMap<string, unknown>;
}

export function readStudioLanguages(
  flowsDir: string,
  files: FlowFiles,
  widgets: readonly WidgetInfo[],
): StudioLanguage[] {
  return readLanguages(flowsDir).map((file) => {
    const resolved = resolveFlows(translateFlowSources(files.sources, file)).flows;
    const fileFlows = new Map(
      files.versions.map((version) => [
        version.name,
        resolved.find((flow) => basename(flow.file) === version.file)?.json,
      ]),
    );
    return { file, memory: translationMemory(files.sources, file.texts, widgets), fileFlows };
  });
}

/** What the draft's languages are worked out from. */
export interface DraftLanguageSources {
  languages: readonly StudioLanguage[];
  catalog: VersionCatalog;
  widgets: readonly WidgetInfo[];
}

/** The draft's resolved flow in each language: its own texts, how many lack a translation, and the flow if none. */
export function draftInLanguages(
  sources: DraftLanguageSources,
  base: Base,
  flow: Flow,
  translations: DraftTranslations,
): { language: StudioLanguage; version: VersionInLanguage }[] {
  const baseFlow = base.kind === 'file' ? base.file.flow : base.version.flow;
  return sources.languages.map((language) => {
    const code = language.file.language;
    const baseInLanguage =
      base.kind === 'file'
        ? language.fileFlows.get(base.file.name)
        : sources.catalog.inLanguage(base.version.name, code)?.flow;
    const version = versionInLanguage({
      flow,
      base: baseFlow,
      baseInLanguage,
      memory: language.memory,
      given: translations[code] ?? {},
      widgets: sources.widgets,
    });
    return { language, version };
  });
}

/** As the API shows a draft's languages. */
export function draftLanguagesView(
  languages: readonly { language: StudioLanguage; version: VersionInLanguage }[],
): DraftLanguage[] {
  return languages.map(({ language, version }) => ({
    language: language.file.language,
    name: language.file.name,
    missing: version.missing,
    texts: version.texts.map(({ pointer, source, text }) => ({ pointer, source, text: text ?? null })),
  }));
}
