/**
 * The page around every screen: header with the logo and a way to start over, the form area, and the footer with the
 * advertising disclosure, social links, legal links and copyright.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PublicConfig } from '../../server/public-config.ts';
import type { SocialLink } from '../content/types.ts';
import { HydrateLater, SURROUNDINGS_TURN } from '../../engine/render/hydrate-later.tsx';
import { LogoMark, SOCIAL_ICONS, SOCIAL_NAMES } from './icons.tsx';

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
  const links = [
    { label: 'Privacy', href: config.privacyUrl },
    { label: 'Terms', href: config.termsUrl },
    { label: 'Do Not Sell My Information', href: config.doNotSellUrl },
  ].filter((link): link is { label: string; href: string } => link.href !== null);
  return (
    <>
      <header className="header">
        <Link to={homePath} className="header__logo" aria-label={`${config.productName}: start over`}>
          <LogoMark />
          <span>{config.productName}</span>
        </Link>
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
                    <a href={link.url} aria-label={`${config.productName} on ${SOCIAL_NAMES[link.network]}`} rel="noopener noreferrer" target="_blank">
                      <Glyph />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
          {links.length > 0 && (
            <nav aria-label="Legal">
              <ul className="footer__links">
                {links.map((link) => (
                  <li key={link.label}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <p>
            {`© ${new Date().getFullYear()} ${config.productName}`}
          </p>
        </footer>
      </HydrateLater>
    </>
  );
}
