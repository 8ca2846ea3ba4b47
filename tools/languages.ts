/**
 * The languages of the form (flows/languages/<code>.json) against their English sources: the flow files, the site's
 * content files, the server's content files and the engine's own words. For `npm run flows:check` and the build,
 * which both stop on any problem; `npm run flows:language -- --template <code>` prints a new language's file with
 * every text to translate, in English.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_MESSAGES } from '../engine/messages.ts';
import type { Problem } from '../engine/flow/problem.ts';
import type { FlowFile } from '../engine/flow/overlay.ts';
import { checkFlows } from '../engine/flow/checks.ts';
import { checkLanguage, type LanguageFile, type LanguageSource } from '../engine/language/language-file.ts';
import { LANGUAGES_FOLDER, readLanguageFiles } from '../engine/language/load.ts';
import { sourceTexts } from '../engine/language/text-pointers.ts';
import { ENGINE_MESSAGES_SOURCE, translateFlowSources } from '../engine/language/translated-flows.ts';
import { builtInPagePaths } from '../contracts/public-config.ts';
import { ALL_CONTENT_FILES } from '../site/content/schemas.ts';
import { SERVER_CONTENT_FILES } from '../server/page/content/schemas.ts';
import { widgets } from '../widgets/info.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

/** Every English file with texts, as the language files name them; the flow files are given (they may be elsewhere). */
export function languageSources(flowSources: readonly FlowFile[]): LanguageSource[] {
  return [
    ...flowSources.map(({ file, json }) => ({ file, kind: 'flow' as const, json })),
    ...ALL_CONTENT_FILES.map(({ name }) => {
      const file = `site/content/${name}.json`;
      return { file, kind: 'content' as const, json: readJson(file) };
    }),
    ...SERVER_CONTENT_FILES.map(({ name }) => {
      const file = `server/page/content/${name}.json`;
      return { file, kind: 'content' as const, json: readJson(file) };
    }),
    { file: ENGINE_MESSAGES_SOURCE, kind: 'table' as const, json: ENGINE_MESSAGES },
  ];
}

export interface CheckedLanguages {
  languages: LanguageFile[];
  problems: Problem[];
}

/**
 * Reads `<flowsDir>/languages/` and checks each language against the sources, then checks its translated flows as
 * flows (a translation that breaks a widget's options shows at the flow's pointer, named with the language).
 */
export function checkLanguages(
  flowsDir: string,
  shownFlowsDir: string,
  flowSources: readonly FlowFile[],
): CheckedLanguages {
  const read = readLanguageFiles(join(flowsDir, LANGUAGES_FOLDER), `${shownFlowsDir}/${LANGUAGES_FOLDER}`);
  // A language names a flow file as the project holds it (flows/<name>), whichever folder is being checked.
  const named = flowSources.map(({ file, json }) => ({ file: `flows/${basename(file)}`, json }));
  const shown = new Map(named.map(({ file }, index) => [file, flowSources[index]!.file]));
  const sources = languageSources(named);
  const problems = [...read.problems];
  for (const { file, language } of read.languages) {
    const found = checkLanguage(file, language, sources, widgets);
    problems.push(...found);
    if (found.length > 0) continue;
    const translated = checkFlows(translateFlowSources(named, language), widgets, {
      reservedPaths: builtInPagePaths(),
    });
    problems.push(
      ...translated.map((problem) => ({ ...problem, file: `${shown.get(problem.file) ?? problem.file} (in ${file})` })),
    );
  }
  return { languages: read.languages.map(({ language }) => language), problems };
}

/** A new language's file: every text, in English, to be translated in place. */
export function languageTemplate(code: string, flowSources: readonly FlowFile[]): LanguageFile {
  const texts: LanguageFile['texts'] = {};
  for (const source of languageSources(flowSources)) {
    const found = sourceTexts(source.kind, source.json, widgets);
    if (found.length > 0) texts[source.file] = Object.fromEntries(found.map(({ pointer, text }) => [pointer, text]));
  }
  return { language: code, name: code, locale: `${code}-US`, texts };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [flag, code] = process.argv.slice(2);
  if (flag !== '--template' || code === undefined || !/^[a-z]{2}$/.test(code)) {
    console.error('usage: npm run flows:language -- --template <two-letter code>');
    process.exit(1);
  }
  const { readFlowSources } = await import('../engine/flow/load.ts');
  const template = {
    $schema: './language.schema.json',
    ...languageTemplate(code, readFlowSources(join(ROOT, 'flows'))),
  };
  console.log(JSON.stringify(template, null, 2));
}
