/**
 * The page around every screen: header with the logo and a way to start over and the links to the page in the other
 * languages, the form area, and the footer with the advertising disclosure, social links, legal links and copyright.
 * The site's own links keep the query parameters. Every word comes from the page's language (interface.json).
 */
import { Suspense, type ReactNode } from 'react';
import type { PublicConfig } from '../../contracts/public-config.ts';
import type { InterfaceContent, SocialLink } from '../content/types.ts';
import { fillPlaceholders } from '../../engine/display/text.ts';
import { HydrateLater, SURROUNDINGS_TURN } from '../../engine/render/hydrate-later.tsx';
import { QueryLink, SiteLink } from '../site-link.tsx';
import { LogoMark, SOCIAL_NAMES } from './icons.tsx';
import { SocialGlyph } from './social-glyph.ts';
import { LanguageLinks, type ShellLanguage } from './LanguageLinks.tsx';
import { FOOTER_LEGAL_PAGES, legalHref } from './legal-links.ts';

export interface ShellContent {
  disclosure: { title: string; text: string };
  social: readonly SocialLink[];
  /** The header's and the footer's own words, in the page's language. */
  words: Pick<InterfaceContent, 'header' | 'footer'>;
  /** The page's language: its prefix for the legal pages' addresses, and the others the header links to. */
  language: ShellLanguage;
}

export function Shell({
  config,
  content,
  homePath,
  children,
}: {
  config: PublicConfig;
  content: ShellContent;
  homePath: string;
  children: ReactNode;
}) {
  const { words, language } = content;
  const product = config.productName;
  return (
    <>
      <header className="header">
        <QueryLink to={homePath} className="header__logo" label={fillPlaceholders(words.header.startOver, { product })}>
          <LogoMark />
          <span>{product}</span>
        </QueryLink>
        <LanguageLinks language={language} />
      </header>
      <main className="main">{children}</main>
      <HydrateLater turn={SURROUNDINGS_TURN}>
        <footer className="footer">
          <section className="footer__disclosure" aria-labelledby="disclosure-title">
            <h2 id="disclosure-title">{content.disclosure.title}</h2>
            <p>{content.disclosure.text.replaceAll('{product}', product)}</p>
          </section>
          {content.social.length > 0 && (
            <ul className="footer__social" aria-label={words.footer.social}>
              {content.social.map((link) => {
                return (
                  <li key={link.url}>
                    <a
                      href={link.url}
                      aria-label={fillPlaceholders(words.footer.socialLink, {
                        product,
                        network: SOCIAL_NAMES[link.network],
                      })}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      <Suspense fallback={null}>
                        <SocialGlyph network={link.network} />
                      </Suspense>
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
          <nav aria-label={words.footer.legal}>
            <ul className="footer__links">
              {FOOTER_LEGAL_PAGES.map((page) => (
                <li key={page}>
                  <SiteLink href={legalHref(config, page, language.prefix)}>{words.footer[page]}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>
          <p>{`© ${new Date().getFullYear()} ${product}`}</p>
        </footer>
      </HydrateLater>
    </>
  );
}
