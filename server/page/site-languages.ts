/** The site's languages as addresses see them: English at "", each language file's at its prefix ("/es"). */
import { readLanguages } from '../../engine/language/language-flows.ts';
import { SOURCE_LANGUAGE } from '../../engine/language/language-file.ts';
import type { LanguagePrefix } from '../../engine/language/paths.ts';
import { languagePrefix } from '../../engine/language/translated-flows.ts';

export function siteLanguages(flowsDir: string): LanguagePrefix[] {
  return [
    { code: SOURCE_LANGUAGE, prefix: '' },
    ...readLanguages(flowsDir).map(({ language }) => ({ code: language, prefix: languagePrefix(language) })),
  ];
}
