/**
 * A language: one JSON file of translations next to the flows (flows/languages/es.json), keyed by the English source
 * file and the JSON pointer of each string in it. English is the source and needs no file. The check lists every
 * string a language lacks, every one it has that English no longer has, and every placeholder that does not match,
 * each with the file and pointer; translating replaces exactly the checked strings.
 */
import type { Problem } from '../flow/problem.ts';
import { sourceTexts, type SourceKind } from './text-pointers.ts';
import type { WidgetInfo } from '../flow/schema.ts';

/** The language every source file is written in; it has no language file. */
export const SOURCE_LANGUAGE = 'en';
/** The source language's name in itself and its locale: a language file says these of its own language. */
export const SOURCE_LANGUAGE_NAME = 'English';
export const SOURCE_LOCALE = 'en-US';

/** A language file as written. */
export interface LanguageFile {
  /** Its code, the file's name and the address prefix (`es`: `/es`, `/es/v2`...). */
  language: string;
  /** The language's name in itself, for the link to it ("Español"). */
  name: string;
  /** The locale numbers, amounts and dates are formatted for ("es-US"). */
  locale: string;
  /** By source file (as the checks name it, "flows/business-funding.json"), by JSON pointer: the translation. */
  texts: Record<string, Record<string, string>>;
}

/** An English source file a language translates. */
export interface LanguageSource {
  /** As messages name it, relative to the project: "site/content/faq.json". */
  file: string;
  kind: SourceKind;
  json: unknown;
}

/** `{product}`, `{limit}`...: filled in at run time, so a translation must keep each one. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LANGUAGE_CODE = /^[a-z]{2}$/;

/** The file read as a language, or the problems that keep it from being one (each with its pointer). */
export function parseLanguageFile(file: string, json: unknown): { language?: LanguageFile; problems: Problem[] } {
  const problems: Problem[] = [];
  const at = (pointer: string, message: string) => problems.push({ file, pointer, message });
  if (!isRecord(json)) {
    at('', 'must be an object with "language", "name", "locale" and "texts"');
    return { problems };
  }
  const expected = file.replace(/^.*\//, '').replace(/\.json$/, '');
  if (typeof json.language !== 'string' || !LANGUAGE_CODE.test(json.language)) {
    at('/language', 'must be a two-letter language code such as "es"');
  } else if (json.language !== expected) {
    at('/language', `must be "${expected}", the file's name`);
  } else if (json.language === SOURCE_LANGUAGE) {
    at('/language', `"${SOURCE_LANGUAGE}" is the source language: the files themselves are its texts`);
  }
  if (typeof json.name !== 'string' || json.name.trim() === '') at('/name', "must be the language's name in itself");
  if (typeof json.locale !== 'string' || !/^[a-z]{2}-[A-Z]{2}$/.test(json.locale)) {
    at('/locale', 'must be a locale such as "es-US"');
  }
  for (const key of Object.keys(json)) {
    if (!['$schema', 'language', 'name', 'locale', 'texts'].includes(key))
      at(`/${escape(key)}`, `unknown key "${key}"`);
  }
  if (!isRecord(json.texts)) {
    at('/texts', 'must be an object: source file, then JSON pointer, then the text');
    return { problems };
  }
  for (const [source, texts] of Object.entries(json.texts)) {
    const pointer = `/texts/${escape(source)}`;
    if (!isRecord(texts)) {
      at(pointer, 'must be an object of JSON pointer to text');
      continue;
    }
    for (const [key, text] of Object.entries(texts)) {
      if (typeof text !== 'string') at(`${pointer}/${escape(key)}`, 'must be a string');
    }
  }
  if (problems.length > 0) return { problems };
  return { language: json as unknown as LanguageFile, problems };
}

/**
 * The language against the sources: a text it lacks, a text for a string English no longer has (or a file it does not
 * translate), an empty text, or placeholders that differ from the English ones.
 */
export function checkLanguage(
  file: string,
  language: LanguageFile,
  sources: readonly LanguageSource[],
  widgets: readonly WidgetInfo[],
): Problem[] {
  const problems: Problem[] = [];
  const known = new Set(sources.map((source) => source.file));
  for (const source of Object.keys(language.texts)) {
    if (!known.has(source)) {
      problems.push({ file, pointer: `/texts/${escape(source)}`, message: `"${source}" is not a file with texts` });
    }
  }
  for (const source of sources) {
    const texts = language.texts[source.file] ?? {};
    const wanted = sourceTexts(source.kind, source.json, widgets);
    const english = new Map(wanted.map(({ pointer, text }) => [pointer, text]));
    const base = `/texts/${escape(source.file)}`;
    for (const { pointer, text } of wanted) {
      const at = `${base}/${escape(pointer)}`;
      const translated = texts[pointer];
      if (translated === undefined) {
        problems.push({
          file,
          pointer: at,
          message: `missing: the text of ${source.file} ${pointer} ("${clip(text)}")`,
        });
      } else if (translated.trim() === '' && text.trim() !== '') {
        problems.push({ file, pointer: at, message: `empty: the text of ${source.file} ${pointer} needs words` });
      } else {
        const differ = placeholderProblem(text, translated);
        if (differ !== undefined) problems.push({ file, pointer: at, message: differ });
      }
    }
    for (const pointer of Object.keys(texts)) {
      if (!english.has(pointer)) {
        problems.push({
          file,
          pointer: `${base}/${escape(pointer)}`,
          message: `${source.file} has no text at ${pointer} (removed or moved in English?): remove it here`,
        });
      }
    }
  }
  return problems;
}

/** What is wrong with the translation's placeholders (`{product}`), which must be the English text's; else undefined. */
export function placeholderProblem(english: string, translated: string): string | undefined {
  if (placeholders(translated).join() === placeholders(english).join()) return undefined;
  return `placeholders differ from the English text's: ${list(placeholders(english))} in English, ${list(
    placeholders(translated),
  )} here`;
}

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.map((name) => `{${name}}`).join(' '));

/** A copy of the source with each translated string in place (the pointers are those checkLanguage accepted). */
export function translate<T>(source: T, texts: Readonly<Record<string, string>> = {}): T {
  const copy = structuredClone(source);
  for (const [pointer, text] of Object.entries(texts)) {
    const keys = pointer
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    let holder: unknown = copy;
    for (const key of keys) holder = (holder as Record<string, unknown> | undefined)?.[key];
    if (
      last !== undefined &&
      holder !== null &&
      typeof holder === 'object' &&
      typeof (holder as Record<string, unknown>)[last] === 'string'
    ) {
      (holder as Record<string, unknown>)[last] = text;
    }
  }
  return copy;
}
