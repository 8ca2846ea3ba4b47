/** The page around every screen: header with the logo and a way to start over, the form area, and the footer. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PublicConfig } from '../../server/public-config.ts';

export function Shell({ config, homePath, children }: { config: PublicConfig; homePath: string; children: ReactNode }) {
  const links = [
    { label: 'Privacy', href: config.privacyUrl },
    { label: 'Terms', href: config.termsUrl },
    { label: 'Do Not Sell My Information', href: config.doNotSellUrl },
  ].filter((link): link is { label: string; href: string } => link.href !== null);
  return (
    <>
      <header className="header">
        <Link to={homePath} className="header__logo" aria-label={`${config.productName}: start over`}>
          {config.productName}
        </Link>
      </header>
      <main className="main">{children}</main>
      <footer className="footer">
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
          © {new Date().getFullYear()} {config.productName}
        </p>
      </footer>
    </>
  );
}
