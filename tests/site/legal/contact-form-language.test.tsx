import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../../../engine/api/client.ts';
import type { PublicConfig } from '../../../contracts/public-config.ts';
import { OPT_OUT_MESSAGES } from '../../../contracts/opt-out.ts';
import { legalRoutes } from '../../../site/legal/legal-routes.tsx';
import { stubApi } from '../../support/form-context.ts';
import { legalPages as englishPages } from '../../../.generated/languages/en/legal-pages.ts';
import { legalPages as spanishPages } from '../../../.generated/languages/es/legal-pages.ts';
import { siteContent as spanishContent } from '../../../.generated/languages/es/site-content.ts';

const config: PublicConfig = {
  productName: 'Acme Funding',
  privacyUrl: '/privacy',
  termsUrl: '/terms',
  doNotSellUrl: '/do-not-sell',
  gtm: null,
  consentDefaults: null,
  enhancedConversions: false,
  loadTrustedFormScript: false,
  mapsApiKey: null,
  placesApi: 'new',
};
const shell = {
  disclosure: { title: 'Divulgación publicitaria', text: '{product} no es un prestamista.' },
  social: [],
  words: spanishContent.interface,
  language: { code: 'es', locale: 'es-US', prefix: '/es', others: [{ code: 'en', name: 'English', prefix: '' }] },
};

/** The Spanish page at `path` as the site routes it under /es, its screen and texts fetched as in the browser. */
async function renderSpanishPage(path: string, privacyRequest: ApiClient['privacyRequest']) {
  const page = legalRoutes(config, shell, stubApi({ privacyRequest }), {
    prefix: '/es',
    loadPages: () => Promise.resolve(spanishPages),
    backLabel: spanishContent.interface.legalPage.back,
  }).find((route) => route.path === path)!;
  render(<MemoryRouter initialEntries={[path]}>{page.element}</MemoryRouter>);
  await screen.findByRole('article');
  return userEvent.setup();
}

const field = () => screen.getByRole('textbox', { name: 'Correo electrónico o número de teléfono' });

/** The error the field reads out: shown, and named by the field's description. */
function expectFieldError(text: string) {
  const error = screen.getByText(text);
  expect(field().getAttribute('aria-invalid')).toBe('true');
  expect(field().getAttribute('aria-describedby')).toContain(error.parentElement!.id);
}

const refusal = (field: string, keyword: string, message: string) =>
  new ApiError(400, `The request has 1 invalid field: ${field}`, {
    error: 'invalid_opt_out',
    message: `The request has 1 invalid field: ${field}`,
    fields: [{ field, keyword, message }],
  });

describe('the legal pages’ forms in Spanish', () => {
  it('refuse what the visitor typed in Spanish, before sending', async () => {
    const privacyRequest = vi.fn<ApiClient['privacyRequest']>();
    const user = await renderSpanishPage('/es/do-not-sell', privacyRequest);
    const submit = screen.getByRole('button', { name: 'Excluirme' });
    await user.click(submit);
    expectFieldError('Ingrese su correo electrónico o número de teléfono');
    await user.type(field(), 'maria@');
    await user.click(submit);
    expectFieldError('Ingrese un correo electrónico válido');
    await user.clear(field());
    await user.type(field(), '555-0147');
    await user.click(submit);
    expectFieldError('Ingrese un número de teléfono válido');
    expect(document.activeElement).toBe(field());
    expect(screen.queryByText(/Please enter/)).toBeNull();
    expect(privacyRequest).not.toHaveBeenCalled();
  });

  it("show the server's refusal in Spanish, whatever language its message is in", async () => {
    const privacyRequest = vi
      .fn<ApiClient['privacyRequest']>()
      .mockRejectedValueOnce(refusal('phone', 'format', OPT_OUT_MESSAGES.phone))
      .mockRejectedValueOnce(refusal('email', 'required', OPT_OUT_MESSAGES.required));
    const user = await renderSpanishPage('/es/stop-contacting', privacyRequest);
    const submit = screen.getByRole('button', { name: 'Dejen de contactarme' });
    await user.type(field(), '(310) 555-0147');
    await user.click(submit);
    expect(privacyRequest).toHaveBeenCalledWith('stop-contacting', { phone: '(310) 555-0147' });
    expect(await screen.findByText('Ingrese un número de teléfono válido')).toBeTruthy();
    expectFieldError('Ingrese un número de teléfono válido');
    await user.click(submit);
    expect(await screen.findByText('Ingrese su correo electrónico o número de teléfono')).toBeTruthy();
    expect(screen.queryByText(/Please enter/)).toBeNull();
    expect(within(screen.getByRole('article')).queryByRole('status')).toBeNull();
  });

  it("keep the server's own words for a refusal the page's check does not make", async () => {
    const privacyRequest = vi
      .fn<ApiClient['privacyRequest']>()
      .mockRejectedValueOnce(refusal('email', 'maxLength', 'Ingrese como máximo 254 caracteres'));
    const user = await renderSpanishPage('/es/do-not-sell', privacyRequest);
    await user.type(field(), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Excluirme' }));
    expect(await screen.findByText('Ingrese como máximo 254 caracteres')).toBeTruthy();
    expectFieldError('Ingrese como máximo 254 caracteres');
  });
});

describe('the legal pages’ forms in English', () => {
  it("say what the server's check says, word for word", () => {
    expect(englishPages.doNotSell.form.errors).toEqual(OPT_OUT_MESSAGES);
    expect(englishPages.stopContacting.form.errors).toEqual(OPT_OUT_MESSAGES);
  });
});
