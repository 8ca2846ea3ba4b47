/** Reads the language files of a folder (tools and server only: the page gets its language from the build). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from '../flow/problem.ts';
import { parseLanguageFile, type LanguageFile } from './language-file.ts';

/** The languages' folder inside the flows' folder. */
export const LANGUAGES_FOLDER = 'languages';

export interface LanguageFiles {
  /** The files that are languages, by their file as messages show it. */
  languages: { file: string; language: LanguageFile }[];
  problems: Problem[];
}

/** Every `<code>.json` of `dir` (none when the folder does not exist); invalid JSON is a problem, not a throw. */
export function readLanguageFiles(dir: string, shownDir: string): LanguageFiles {
  const result: LanguageFiles = { languages: [], problems: [] };
  if (!existsSync(dir)) return result;
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
    .sort();
  for (const name of names) {
    const file = `${shownDir}/${name}`;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      result.problems.push({ file, pointer: '', message: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    const parsed = parseLanguageFile(file, json);
    result.problems.push(...parsed.problems);
    if (parsed.language) result.languages.push({ file, language: parsed.language });
  }
  return result;
}
