/**
 * The address of the page the visitor is on, in another language: the same step, legal page or home, with the same
 * query. Each language sits under its prefix ("" for English, "/es" for Spanish): `/v2/amount?utm_source=x` is
 * `/es/v2/amount?utm_source=x` in Spanish, `/` is `/es`, and back.
 */
import { pathInLanguage } from '../../engine/language/paths.ts';

export function languageHref(location: { pathname: string; search: string }, from: string, to: string): string {
  return `${pathInLanguage(location.pathname, { prefix: from }, { prefix: to })}${location.search}`;
}
