import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Shell } from '../../../site/shell/Shell.tsx';
import type { PublicConfig } from '../../../contracts/public-config.ts';

const config: PublicConfig = {
  productName: 'Acme Funding',
  privacyUrl: 'https://acme.example/privacy',
  termsUrl: '/terms',
  doNotSellUrl: 'https://acme.example/do-not-sell',
  gtm: null,
  consentDefaults: null,
  enhancedConversions: false,
  loadTrustedFormScript: false,
  mapsApiKey: null,
  placesApi: 'new',
};
const disclosure = { title: 'Advertising Disclosure', text: '{product} is not a lender.' };

function renderShell(social: { network: 'facebook' | 'linkedin'; url: string }[], at = '/v3/amount') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Shell config={config} content={{ disclosure, social }} homePath="/v3">
        <p>step</p>
      </Shell>
    </MemoryRouter>,
  );
}

describe('the shell', () => {
  it('links the logo to the start of its version and names the product in the disclosure and copyright', () => {
    renderShell([]);
    expect(screen.getByRole('link', { name: 'Acme Funding: start over' }).getAttribute('href')).toBe('/v3');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('region', { name: 'Advertising Disclosure' }).textContent).toContain(
      'Acme Funding is not a lender.',
    );
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Acme Funding`);
  });

  it("links the operator's own legal pages where set, the built-in ones otherwise, and always its own Stop contacting", () => {
    renderShell([]);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Privacy', 'https://acme.example/privacy'],
      ['Terms', '/terms'],
      ['Do Not Sell My Information', 'https://acme.example/do-not-sell'],
      ['Stop contacting me', '/stop-contacting'],
    ]);
  });

  it("keeps the address's query parameters on its own links, not on other sites'", () => {
    renderShell([], '/v3/amount?utm_source=fb&gclid=abc&header=Hello-There');
    const query = '?utm_source=fb&gclid=abc&header=Hello-There';
    expect(screen.getByRole('link', { name: 'Acme Funding: start over' }).getAttribute('href')).toBe(`/v3${query}`);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe(`/terms${query}`);
    expect(within(legal).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe(
      'https://acme.example/privacy',
    );
  });

  it('shows a named icon link for each social page in the content', () => {
    renderShell([
      { network: 'facebook', url: 'https://www.facebook.com/acmefunding' },
      { network: 'linkedin', url: 'https://www.linkedin.com/company/acmefunding' },
    ]);
    const social = screen.getByRole('list', { name: 'Follow us' });
    expect(within(social).getByRole('link', { name: 'Acme Funding on Facebook' }).getAttribute('href')).toBe(
      'https://www.facebook.com/acmefunding',
    );
    expect(within(social).getByRole('link', { name: 'Acme Funding on LinkedIn' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
  });

  it('leaves the social list out when the content has no links', () => {
    renderShell([]);
    expect(screen.queryByRole('list', { name: 'Follow us' })).toBeNull();
  });
});
