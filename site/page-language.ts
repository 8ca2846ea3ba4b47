/** Which of the site's languages a page is in, and what its links to the others need. */
import type { PageLanguage } from './language-pack.ts';
import type { SiteLanguage } from './SiteLayout.tsx';

/** The language of `<html lang>` (the server writes it per address); the source language when none matches. */
export function pageLanguage(languages: readonly PageLanguage[], code: string): PageLanguage {
  return languages.find((language) => language.code === code) ?? languages[0]!;
}

/**
 * The page's language with the others it links to: all of them, or those of `only` (the codes a version published in
 * the flow studio exists in).
 */
export function siteLanguage(
  languages: readonly PageLanguage[],
  current: PageLanguage,
  locale: string,
  only?: readonly string[],
): SiteLanguage {
  return {
    code: current.code,
    locale,
    prefix: current.prefix,
    others: languages
      .filter((language) => language !== current && (only === undefined || only.includes(language.code)))
      .map(({ code, name, prefix }) => ({ code, name, prefix })),
  };
}
