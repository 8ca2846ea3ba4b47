/**
 * The page around every screen: header with the logo and a way to start over, the form area, and the footer with the
 * advertising disclosure, social links, legal links and copyright. The site's own links keep the query parameters.
 */
import type { ReactNode } from 'react';
import type { PublicConfig } from '../../contracts/public-config.ts';
import type { SocialLink } from '../content/types.ts';
import { HydrateLater, SURROUNDINGS_TURN } from '../../engine/render/hydrate-later.tsx';
import { QueryLink, SiteLink } from '../site-link.tsx';
import { LogoMark, SOCIAL_ICONS, SOCIAL_NAMES } from './icons.tsx';
import { LEGAL_LINKS, legalHref } from './legal-links.ts';

export interface ShellContent {
  disclosure: { title: string; text: string };
  social: readonly SocialLink[];
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
  return (
    <>
      <header className="header">
        <QueryLink to={homePath} className="header__logo" label={`${config.productName}: start over`}>
          <LogoMark />
          <span>{config.productName}</span>
        </QueryLink>
      </header>
      <main className="main">{children}</main>
      <HydrateLater turn={SURROUNDINGS_TURN}>
        <footer className="footer">
          <section className="footer__disclosure" aria-labelledby="disclosure-title">
            <h2 id="disclosure-title">{content.disclosure.title}</h2>
            <p>{content.disclosure.text.replaceAll('{product}', config.productName)}</p>
          </section>
          {content.social.length > 0 && (
            <ul className="footer__social" aria-label="Follow us">
              {content.social.map((link) => {
                const Glyph = SOCIAL_ICONS[link.network];
                return (
                  <li key={link.url}>
                    <a
                      href={link.url}
                      aria-label={`${config.productName} on ${SOCIAL_NAMES[link.network]}`}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      <Glyph />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
          <nav aria-label="Legal">
            <ul className="footer__links">
              {LEGAL_LINKS.map(({ page, label }) => (
                <li key={page}>
                  <SiteLink href={legalHref(config, page)}>{label}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>
          <p>{`© ${new Date().getFullYear()} ${config.productName}`}</p>
        </footer>
      </HydrateLater>
    </>
  );
}
