/**
 * The links to the page the visitor is on in each other language, each named in its own language ("Español",
 * "English") and marked with it, so a screen reader reads it in that language. A plain link that loads the whole page:
 * the other language's words are not in this one. The answers given stay, as every language keeps them under one key.
 */
import { useLocation } from 'react-router-dom';
import { useTakenOver } from '../../engine/render/hydrate-later.tsx';
import { languageHref } from './language-href.ts';

/** The page's language as the shell needs it: its prefix, and the others with their names in themselves. */
export interface ShellLanguage {
  /** The address prefix of the page's language: "" or "/es". */
  prefix: string;
  others: readonly { code: string; name: string; prefix: string }[];
}

export function LanguageLinks({ language }: { language: ShellLanguage }) {
  const { pathname, search } = useLocation();
  // As the site's other links: the server draws no query string, so the first render in the browser has none either.
  const takenOver = useTakenOver();
  if (language.others.length === 0) return null;
  return (
    <ul className="header__languages">
      {language.others.map((other) => (
        <li key={other.code}>
          <a
            href={languageHref({ pathname, search: takenOver ? search : '' }, language.prefix, other.prefix)}
            hrefLang={other.code}
            lang={other.code}
          >
            {other.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
