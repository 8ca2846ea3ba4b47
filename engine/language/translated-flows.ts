/**
 * A language's flows: each flow file translated before versions are resolved (a version that extends another takes
 * the translated base), at the language's prefix, with the engine's own words in the language as the flow's
 * messages, so the one message lookup (engine/validation/messages.ts) answers in the visitor's language.
 */
import type { FlowFile } from '../flow/overlay.ts';
import type { Flow } from '../flow/definition.ts';
import { translate, type LanguageFile } from './language-file.ts';
import { withEngineMessages } from '../messages.ts';

/** The source name of the engine's words (engine/messages.ts) in a language file. */
export const ENGINE_MESSAGES_SOURCE = 'engine/messages.ts';

/** A language's address prefix: `/es`. */
export const languagePrefix = (language: string): string => `/${language}`;

/** The flow files as written, with their strings in the language. */
export function translateFlowSources(sources: readonly FlowFile[], language: LanguageFile): FlowFile[] {
  return sources.map(({ file, json }) => ({ file, json: translate(json, language.texts[file]) }));
}

/**
 * A resolved flow of the language: at its prefix, with the engine's words (translated from `engineMessages`) wherever
 * the flow has no message of its own.
 */
export function languageFlow(
  flow: Flow,
  language: LanguageFile,
  engineMessages: Readonly<Record<string, string>>,
): Flow {
  const engine = translate(engineMessages, language.texts[ENGINE_MESSAGES_SOURCE]);
  return withEngineMessages({ ...flow, basePath: `${languagePrefix(language.language)}${flow.basePath}` }, engine);
}
