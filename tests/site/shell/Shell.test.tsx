import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Shell } from '../../../site/shell/Shell.tsx';
import type { PublicConfig } from '../../../contracts/public-config.ts';
import type { ShellContent } from '../../../site/shell/Shell.tsx';
import { ENGLISH_WORDS } from '../interface-words.ts';

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

const ENGLISH: ShellContent['language'] = { prefix: '', others: [{ code: 'es', name: 'Español', prefix: '/es' }] };
const SPANISH: ShellContent['language'] = { prefix: '/es', others: [{ code: 'en', name: 'English', prefix: '' }] };

function renderShell(
  social: { network: 'facebook' | 'linkedin'; url: string }[],
  at = '/v3/amount',
  { language = ENGLISH, words = ENGLISH_WORDS }: Partial<Pick<ShellContent, 'language' | 'words'>> = {},
) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Shell config={config} content={{ disclosure, social, words, language }} homePath="/v3">
        <p>step</p>
      </Shell>
    </MemoryRouter>,
  );
}

/** Words that differ from the English ones in every place, as another language's would. */
const OTHER_WORDS: ShellContent['words'] = {
  header: { startOver: '{product}: volver a empezar' },
  footer: {
    social: 'Síganos',
    socialLink: '{product} en {network}',
    legal: 'Información legal',
    privacy: 'Privacidad',
    terms: 'Términos',
    doNotSell: 'No vender mi información',
    stopContacting: 'Dejen de contactarme',
  },
};

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

  it("speaks the page's language: the logo's name, the lists' names and the legal links come from its words", () => {
    renderShell([{ network: 'facebook', url: 'https://www.facebook.com/acmefunding' }], '/es/v3/amount', {
      language: SPANISH,
      words: OTHER_WORDS,
    });
    expect(screen.getByRole('link', { name: 'Acme Funding: volver a empezar' })).toBeDefined();
    const social = screen.getByRole('list', { name: 'Síganos' });
    expect(within(social).getByRole('link', { name: 'Acme Funding en Facebook' })).toBeDefined();
    const legal = screen.getByRole('navigation', { name: 'Información legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Privacidad', 'https://acme.example/privacy'],
      ['Términos', '/terms'],
      ['No vender mi información', 'https://acme.example/do-not-sell'],
      ['Dejen de contactarme', '/es/stop-contacting'],
    ]);
    expect(screen.queryByText('Follow us')).toBeNull();
  });

  it('links the same step in Spanish from an English page, named in Spanish, keeping the query', () => {
    renderShell([], '/v2/amount?utm_source=x');
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'Español' });
    expect(link.getAttribute('href')).toBe('/es/v2/amount?utm_source=x');
    expect(link.getAttribute('lang')).toBe('es');
    expect(link.getAttribute('hreflang')).toBe('es');
  });

  it('links the same step in English from a Spanish page, named in English, keeping the query', () => {
    renderShell([], '/es/v2/amount?utm_source=x', { language: SPANISH, words: OTHER_WORDS });
    const link = within(screen.getByRole('banner')).getByRole('link', { name: 'English' });
    expect(link.getAttribute('href')).toBe('/v2/amount?utm_source=x');
    expect(link.getAttribute('lang')).toBe('en');
    expect(link.getAttribute('hreflang')).toBe('en');
  });

  it('links no other language when the site has only one', () => {
    renderShell([], '/v2/amount', { language: { prefix: '', others: [] } });
    expect(within(screen.getByRole('banner')).getAllByRole('link')).toHaveLength(1);
  });
});
