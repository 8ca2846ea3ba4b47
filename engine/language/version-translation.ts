/**
 * A version made in the flow studio, in another language (docs/decisions/132-studio-versions-in-languages.md). Its
 * texts are compared with its base's, pointer by pointer in the resolved flows: a text the base has at the same
 * pointer takes the base's translation; any other (a step added, a heading changed) needs one, given by the marketer
 * or found in the language's translations of the same English words elsewhere in the flows. The version exists in
 * the language once every text has one.
 */
import type { WidgetInfo } from '../flow/schema.ts';
import { translate } from './language-file.ts';
import { sourceTexts } from './text-pointers.ts';

/** A translation given in the studio, with the English it translates: once that English changes, it is stale. */
export interface GivenTranslation {
  source: string;
  text: string;
}

/** A text of the version its base does not have, and its translation when it has one. */
export interface TextToTranslate {
  pointer: string;
  source: string;
  text?: string;
}

export interface VersionInLanguage {
  /** The version's own texts (new or changed from its base), in the flow's order. */
  texts: TextToTranslate[];
  /** How many of them have no translation. */
  missing: number;
  /** The version with its words in the language; undefined while a text is missing. */
  flow?: Record<string, unknown>;
}

export interface VersionTexts {
  /** The version, resolved, in English. */
  flow: unknown;
  /** Its base resolved in English, and in the language (undefined when the base has no translation in it). */
  base: unknown;
  baseInLanguage: unknown;
  /** The language's translations of English words anywhere in the flows: the same words take the same translation. */
  memory: ReadonlyMap<string, string>;
  /** The translations the studio was given for this version, by pointer. */
  given: Readonly<Record<string, GivenTranslation>>;
  widgets: readonly WidgetInfo[];
}

/** The string at a JSON pointer, if there is one. */
export function stringAt(json: unknown, pointer: string): string | undefined {
  let value = json;
  for (const key of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return typeof value === 'string' ? value : undefined;
}

/** The version's own texts, each with its translation if any, and the version in the language when none is missing. */
export function versionInLanguage(version: VersionTexts): VersionInLanguage {
  const translations: Record<string, string> = {};
  const texts: TextToTranslate[] = [];
  let missing = 0;
  for (const { pointer, text } of sourceTexts('flow', version.flow, version.widgets)) {
    const inherited = stringAt(version.base, pointer) === text ? stringAt(version.baseInLanguage, pointer) : undefined;
    if (inherited !== undefined) {
      translations[pointer] = inherited;
      continue;
    }
    const given = version.given[pointer];
    const translation = given?.source === text ? given.text : version.memory.get(text);
    texts.push({ pointer, source: text, ...(translation === undefined ? {} : { text: translation }) });
    if (translation === undefined) missing += 1;
    else translations[pointer] = translation;
  }
  if (missing > 0) return { texts, missing };
  return { texts, missing, flow: translate(version.flow as Record<string, unknown>, translations) };
}

/**
 * The language's translation memory: each English text of the flow files, as written, with the language's translation
 * of it (the first found when the same words are translated differently in two places).
 */
export function translationMemory(
  sources: readonly { file: string; json: unknown }[],
  texts: Readonly<Record<string, Readonly<Record<string, string>>>>,
  widgets: readonly WidgetInfo[],
): Map<string, string> {
  const memory = new Map<string, string>();
  for (const { file, json } of sources) {
    for (const { pointer, text } of sourceTexts('flow', json, widgets)) {
      const translation = texts[file]?.[pointer];
      if (translation !== undefined && !memory.has(text)) memory.set(text, translation);
    }
  }
  return memory;
}
