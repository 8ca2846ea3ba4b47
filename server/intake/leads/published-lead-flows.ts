/**
 * The lead flows as they are now: the flow files' (read once at start) and the versions published in the flow studio
 * (from the catalog, as it polls them). A published version's lead is validated against its own schemas, in each
 * language it was published in with that language's messages and consent text; one that is retired still takes
 * leads, so nothing a visitor part way through sends is lost.
 */
import type { VersionCatalog } from '../../page/index.ts';
import type { ConsentNames } from '../../../engine/flow/consent.ts';
import type { Flow } from '../../../engine/flow/definition.ts';
import type { LanguageFile } from '../../../engine/language/language-file.ts';
import { languageFlow } from '../../../engine/language/translated-flows.ts';
import { ENGINE_MESSAGES } from '../../../engine/messages.ts';
import { leadFlowOf, type LeadFlow, type LeadFlows } from './lead-flows.ts';

/**
 * `files` and every published version, compiled once each when the catalog first has it. A published version that
 * cannot take leads (the studio's checks refuse to publish one) is reported and left out: its leads are refused as
 * a version this server does not know.
 */
export function publishedLeadFlows(
  files: LeadFlows,
  catalog: VersionCatalog,
  names: ConsentNames,
  languages: readonly LanguageFile[],
  onUnfit: (version: string, error: unknown) => void,
): () => LeadFlows {
  /** The version with its translations: the languages it was published in. */
  const withLanguages = (name: string, flow: Flow): LeadFlow => {
    const translations = new Map<string, LeadFlow>();
    for (const language of languages) {
      const translated = catalog.inLanguage(name, language.language);
      if (translated === undefined) continue;
      const source = `published version ${name} in "${language.language}"`;
      const inLanguage = languageFlow(translated.flow, language, ENGINE_MESSAGES);
      translations.set(language.language, leadFlowOf(source, inLanguage, names, language.locale));
    }
    return { ...leadFlowOf(`published version ${name}`, flow, names), translations };
  };
  const compiled = new Map<string, LeadFlow | undefined>();
  let current: LeadFlows = files;
  const update = () => {
    const all = new Map(files);
    for (const { name, flow } of catalog.published()) {
      if (!compiled.has(name)) {
        try {
          compiled.set(name, withLanguages(name, flow));
        } catch (error) {
          compiled.set(name, undefined);
          onUnfit(name, error);
        }
      }
      const lead = compiled.get(name);
      if (lead !== undefined && !all.has(name)) all.set(name, lead);
    }
    current = all;
  };
  update();
  catalog.onChange(update);
  return () => current;
}
