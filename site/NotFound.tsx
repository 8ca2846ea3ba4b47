import { useEffect } from 'react';
import type { InterfaceContent } from './content/types.ts';
import { QueryLink } from './site-link.tsx';

/** The page at an address the site does not have, in the page's language, with a way back to its first question. */
export function NotFound({
  productName,
  words,
  homePath,
}: {
  productName: string;
  words: InterfaceContent['notFound'];
  /** The first question in the page's language: "/" or "/es". */
  homePath: string;
}) {
  useEffect(() => {
    document.title = `${words.title} | ${productName}`;
  }, [words.title, productName]);
  return (
    <section className="not-found">
      <h1>{words.heading}</h1>
      <QueryLink to={homePath} className="button button--primary">
        {words.back}
      </QueryLink>
    </section>
  );
}
