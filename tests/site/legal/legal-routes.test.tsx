import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../../../engine/api/client.ts';
import type { PublicConfig } from '../../../contracts/public-config.ts';
import { legalRoutes } from '../../../site/legal/legal-routes.tsx';
import { stubApi } from '../../support/form-context.ts';
import { legalPages } from '../../../.generated/languages/en/legal-pages.ts';
import { siteContent } from '../../../.generated/languages/en/site-content.ts';

const config: PublicConfig = {
  productName: 'Acme Funding',
  privacyUrl: '/privacy',
  termsUrl: 'https://acme.example/terms',
  doNotSellUrl: '/do-not-sell',
  gtm: null,
  consentDefaults: null,
  enhancedConversions: false,
  loadTrustedFormScript: false,
  mapsApiKey: null,
  placesApi: 'new',
};
const shell = {
  disclosure: { title: 'Advertising Disclosure', text: '{product} is not a lender.' },
  social: [],
  words: siteContent.interface,
  language: { code: 'en', locale: 'en-US', prefix: '', others: [{ code: 'es', name: 'Español', prefix: '/es' }] },
};

/** The page at `path` as the site routes it, in its shell, its screen fetched as in the browser. */
async function renderPage(
  path: string,
  privacyRequest: ApiClient['privacyRequest'] = vi.fn(async () => ({ recorded: true as const })),
) {
  const page = legalRoutes(config, shell, stubApi({ privacyRequest }), {
    prefix: '',
    loadPages: () => Promise.resolve(legalPages),
    backLabel: siteContent.interface.legalPage.back,
  }).find((route) => route.path === path)!;
  render(<MemoryRouter initialEntries={[`${path}?utm_source=fb&gclid=abc`]}>{page.element}</MemoryRouter>);
  await screen.findByRole('article');
  return { privacyRequest, user: userEvent.setup() };
}

const field = () => screen.getByRole('textbox', { name: 'Email address or phone number' });
const submit = () => screen.getByRole('button', { name: 'Opt out' });

describe('a built-in legal page', () => {
  it('shows its title, says it is sample text, names the product, and titles the document', async () => {
    await renderPage('/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBe(document.activeElement);
    expect(screen.getByRole('heading', { level: 2, name: 'Sample text: replace before going live' })).toBeTruthy();
    expect(screen.getByRole('article').textContent).toContain('not the policy of Acme Funding');
    expect(screen.getByRole('article').textContent).not.toContain('{product}');
    expect(document.title).toBe('Privacy Policy | Acme Funding');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("links the other legal pages where they are, and back to the form, keeping the address's query", async () => {
    await renderPage('/privacy');
    const article = within(screen.getByRole('article'));
    expect(article.getByRole('link', { name: 'Do Not Sell My Information' }).getAttribute('href')).toBe(
      '/do-not-sell?utm_source=fb&gclid=abc',
    );
    expect(article.getByRole('link', { name: 'Back to the form' }).getAttribute('href')).toBe(
      '/?utm_source=fb&gclid=abc',
    );
  });

  it('shows the footer with the legal links around it', async () => {
    await renderPage('/terms');
    expect(document.title).toBe('Terms of Use | Acme Funding');
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('https://acme.example/terms');
    expect(within(screen.getByRole('article')).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy?utm_source=fb&gclid=abc',
    );
  });
});

describe('the Do Not Sell page', () => {
  it('sends the email the visitor typed and confirms it, with the focus on the confirmation', async () => {
    const { privacyRequest, user } = await renderPage('/do-not-sell');
    await user.type(field(), ' Maria.Rivera@example.com ');
    await user.click(submit());
    expect(privacyRequest).toHaveBeenCalledWith('opt-out', { email: 'Maria.Rivera@example.com' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Your opt-out is recorded. Requests with this email address or phone number will not be passed on to lenders.',
    );
    expect(document.activeElement).toBe(status);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('sends a phone number as a phone number', async () => {
    const { privacyRequest, user } = await renderPage('/do-not-sell');
    await user.type(field(), '(310) 555-0147');
    await user.click(submit());
    expect(privacyRequest).toHaveBeenCalledWith('opt-out', { phone: '(310) 555-0147' });
  });

  it('refuses what is neither an email nor a phone number at the field, without sending', async () => {
    const { privacyRequest, user } = await renderPage('/do-not-sell');
    await user.click(submit());
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toContain(
      screen.getByText('Please enter your email address or phone number').parentElement!.id,
    );
    await user.type(field(), 'maria@');
    await user.click(submit());
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    await user.clear(field());
    await user.type(field(), '555-0147');
    await user.click(submit());
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(document.activeElement).toBe(field());
    expect(privacyRequest).not.toHaveBeenCalled();
  });

  it("shows the server's refusal at the field, and any other failure as an alert the visitor can retry after", async () => {
    const refusal = new ApiError(400, 'The opt-out has 1 invalid field: email', {
      error: 'invalid_opt_out',
      message: 'The opt-out has 1 invalid field: email',
      fields: [{ field: 'email', keyword: 'format', message: 'Please enter a valid email' }],
    });
    const privacyRequest = vi
      .fn<ApiClient['privacyRequest']>()
      .mockRejectedValueOnce(refusal)
      .mockRejectedValueOnce(new ApiError(0, 'offline'));
    const { user } = await renderPage('/do-not-sell', privacyRequest);
    await user.type(field(), 'maria@example.com');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your opt-out could not be sent. Please try again in a moment.',
    );
    expect(within(screen.getByRole('article')).queryByRole('status')).toBeNull();
  });
});

describe('the Stop contacting page', () => {
  const stopButton = () => screen.getByRole('button', { name: 'Stop contacting me' });

  it('sends the email the visitor typed as a revocation, not an opt-out, and confirms it', async () => {
    const { privacyRequest, user } = await renderPage('/stop-contacting');
    expect(screen.getByRole('heading', { level: 1, name: 'Stop contacting me' })).toBe(document.activeElement);
    expect(document.title).toBe('Stop contacting me | Acme Funding');
    await user.type(field(), ' Maria.Rivera@example.com ');
    await user.click(stopButton());
    expect(vi.mocked(privacyRequest).mock.calls).toEqual([['stop-contacting', { email: 'Maria.Rivera@example.com' }]]);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Done. We have recorded that you do not want to be contacted about requests sent with this email address or ' +
        'phone number. Any not yet passed on to a lender are held back, and any lender that received one is told.',
    );
    expect(document.activeElement).toBe(status);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('refuses bad input at the field without sending, and links the Do Not Sell page', async () => {
    const { privacyRequest, user } = await renderPage('/stop-contacting');
    await user.type(field(), '555-0147');
    await user.click(stopButton());
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toContain(
      screen.getByText('Please enter a valid phone number').parentElement!.id,
    );
    expect(document.activeElement).toBe(field());
    expect(privacyRequest).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('article'))
        .getByRole('link', { name: 'Do Not Sell My Information' })
        .getAttribute('href'),
    ).toBe('/do-not-sell?utm_source=fb&gclid=abc');
  });

  it("shows the server's refusal at the field, and any other failure as an alert", async () => {
    const refusal = new ApiError(400, 'The revocation has 1 invalid field: phone', {
      error: 'invalid_revocation',
      message: 'The revocation has 1 invalid field: phone',
      fields: [{ field: 'phone', keyword: 'format', message: 'Please enter a valid phone number' }],
    });
    const privacyRequest = vi
      .fn<ApiClient['privacyRequest']>()
      .mockRejectedValueOnce(refusal)
      .mockRejectedValueOnce(new ApiError(0, 'offline'));
    const { user } = await renderPage('/stop-contacting', privacyRequest);
    await user.type(field(), '(310) 555-0147');
    await user.click(stopButton());
    expect(privacyRequest).toHaveBeenCalledWith('stop-contacting', { phone: '(310) 555-0147' });
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    await user.click(stopButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your request could not be sent. Please try again in a moment.',
    );
    expect(within(screen.getByRole('article')).queryByRole('status')).toBeNull();
  });
});
