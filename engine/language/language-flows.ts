/**
 * The flows of every language, read from a flows folder: English (the files themselves) and each language file's
 * translation at its prefix. For the server and tools, which read the disk; the page gets its language's flows from
 * the build.
 */
import { join } from 'node:path';
import { ENGINE_MESSAGES } from '../messages.ts';
import type { Flow } from '../flow/definition.ts';
import { readFlowSources, type FlowFile } from '../flow/load.ts';
import { resolveFlows } from '../flow/overlay.ts';
import { formatProblem } from '../flow/problem.ts';
import { LANGUAGES_FOLDER, readLanguageFiles } from './load.ts';
import { SOURCE_LANGUAGE, SOURCE_LOCALE, type LanguageFile } from './language-file.ts';
import { languageFlow, translateFlowSources } from './translated-flows.ts';

/** A resolved flow file in one language; `language` is "en" for the files as written. */
export interface LanguageFlowFile extends FlowFile {
  language: string;
  /** How its numbers and lists are written ("en-US", "es-US"): the consent's list of lenders, as the page writes it. */
  locale: string;
}

/** The language files of a flows folder; throws naming the file and pointer when one cannot be read. */
export function readLanguages(flowsDir: string, shownFlowsDir = 'flows'): LanguageFile[] {
  const { languages, problems } = readLanguageFiles(
    join(flowsDir, LANGUAGES_FOLDER),
    `${shownFlowsDir}/${LANGUAGES_FOLDER}`,
  );
  if (problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
  return languages.map(({ language }) => language);
}

/** Every flow in every language: the English files first, then each language's at its prefix. */
export function readLanguageFlowFiles(flowsDir: string, shownFlowsDir = 'flows'): LanguageFlowFile[] {
  const sources = readFlowSources(flowsDir, shownFlowsDir);
  const resolve = (files: readonly FlowFile[]) => {
    const { flows, problems } = resolveFlows(files);
    if (problems.length > 0) throw new Error(problems.map(formatProblem).join('\n'));
    return flows;
  };
  const english = resolve(sources).map(({ file, json }) => ({
    file,
    json,
    language: SOURCE_LANGUAGE,
    locale: SOURCE_LOCALE,
  }));
  const translated = readLanguages(flowsDir, shownFlowsDir).flatMap((language) =>
    resolve(translateFlowSources(sources, language)).map(({ file, json }) => ({
      file,
      json: languageFlow(json as Flow, language, ENGINE_MESSAGES),
      language: language.language,
      locale: language.locale,
    })),
  );
  return [...english, ...translated];
}
