/**
 * A built-in legal page (/privacy, /terms, /do-not-sell, /stop-contacting): its text from site/content/, and on the
 * Do Not Sell and Stop contacting pages the form that takes an email or phone. Its own module, fetched when a legal
 * page opens: none of it is in the first screen's script. What it needs of the rest of the page (its links, the API)
 * comes in through props, so that the first script's modules stay as they are: a module this one imported would have
 * to be shared between the two scripts, which costs the first one bytes.
 */
import { useEffect, useLayoutEffect, useRef, type ComponentType, type ReactNode } from 'react';
import type { BuiltInPage } from '../../contracts/public-config.ts';
import type { ApiClient } from '../../engine/api/client.ts';
import { ContactForm } from './ContactForm.tsx';
import type { LegalPagesContent } from '../content/types.ts';

/** Where a legal page links: another legal page (the built-in one, or the operator's own), or back to the form. */
export type LegalLink = ComponentType<{ to: BuiltInPage | 'form'; children: ReactNode }>;

export interface LegalScreenProps {
  page: BuiltInPage;
  productName: string;
  Link: LegalLink;
  /** What the pages' forms call. */
  api: Pick<ApiClient, 'privacyRequest'>;
  /** The legal pages' texts in the page's language. */
  pages: LegalPagesContent;
  /** The link back to the form, in the page's language. */
  backLabel: string;
}

/** The request each page's form sends. */
const FORM_REQUESTS = { doNotSell: 'opt-out', stopContacting: 'stop-contacting' } as const;

export function LegalScreen({ page, productName, Link, api, pages, backLabel }: LegalScreenProps) {
  const content = pages[page];
  const formPage = page === 'doNotSell' || page === 'stopContacting' ? page : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const product = (text: string) => text.replaceAll('{product}', productName);

  useEffect(() => {
    document.title = `${content.title} | ${productName}`;
  }, [content.title, productName]);

  // A new page starts at the top, with the focus on its heading, so a screen reader reads it first
  // (docs/decisions/055-focus-on-new-screens.md).
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [page]);

  return (
    <article className="legal" aria-labelledby="legal-heading">
      <h1 ref={heading} id="legal-heading" className="legal__heading" tabIndex={-1}>
        {content.title}
      </h1>
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{product(paragraph)}</p>
          ))}
          {section.link && (
            <p>
              <Link to={section.link.page}>{section.link.text}</Link>
            </p>
          )}
        </section>
      ))}
      {formPage !== undefined && (
        // Keyed by its page: from one form to the other, the second starts empty.
        <ContactForm
          key={formPage}
          text={pages[formPage].form}
          send={(request) => api.privacyRequest(FORM_REQUESTS[formPage], request)}
        />
      )}
      <p className="legal__back">
        <Link to="form">{backLabel}</Link>
      </p>
    </article>
  );
}
