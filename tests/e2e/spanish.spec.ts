/**
 * The form in Spanish at /es, as a Spanish-speaking visitor meets it: every screen's words, the errors and what a
 * screen reader hears, the header's link to the same page in English and back, the not-found pages, the audit and the
 * keyboard, `<html lang>` and the hreflang links; and the lead the buyer receives, which says it was filled in Spanish
 * and whose recorded consent is the Spanish text the visitor saw.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { animationsEnded, axeViolations } from './audit.ts';
import { expect, test } from './fixtures.ts';
import { VISITOR } from './visitor.ts';
import { expectOneLead, heading } from './walk.ts';

const siguiente = (page: Page) => page.getByRole('button', { name: 'Siguiente', exact: true });
const progreso = (page: Page) => page.getByRole('progressbar', { name: 'Progreso' });
const REQUIRED = 'Este campo es obligatorio';
const START = '¿Qué tipo de negocio tiene?';
const BUSINESS_TYPES = [
  'Propietario único',
  'Sociedad colectiva',
  'Compañía de responsabilidad limitada (LLC)',
  'Corporación C',
  'Corporación S',
];

/** A screen of the Spanish form: its address, its heading and, where given, how far along the progress bar is. */
async function arrive(page: Page, path: string, text: string, value?: number) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(heading(page)).toHaveText(text);
  if (value !== undefined) await expect(progreso(page)).toHaveAttribute('aria-valuenow', String(value));
}

/** Opens a page and waits for its script to have taken it over (the step screen names the document). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveTitle(/ \| Fundflow Test$/);
}

/** Where a screen of the walk is, for a check made there. */
type Screen = 'start' | 'loan-purpose' | 'phone' | 'thank-you';

/**
 * The whole v1 form at /es with the address typed, checking each screen's heading, choices and buttons in Spanish,
 * up to the thank-you; `at` runs on the screens named. Returns what the page sent, and the consent the server recorded
 * with the words on the screen.
 */
async function walkInSpanish(page: Page, email: string, at: (screen: Screen) => Promise<void> = async () => {}) {
  await open(page, '/es');
  await expect(page).toHaveTitle(`${START} | Fundflow Test`);
  await expect(page.getByText('Vea si califica para recibir ayuda')).toBeVisible();
  await arrive(page, '/es', START, 10);
  const types = page.getByRole('radiogroup', { name: 'Tipo de negocio' });
  await expect(types.getByRole('radio')).toHaveCount(BUSINESS_TYPES.length);
  for (const type of BUSINESS_TYPES) await expect(types.getByRole('radio', { name: type })).toBeVisible();
  await expect(siguiente(page)).toBeVisible();
  await at('start');
  await page.getByRole('radio', { name: 'Sociedad colectiva' }).click();

  await arrive(page, '/es/amount', '¿Cuánto necesita?', 20);
  await expect(page.getByRole('button', { name: 'Anterior', exact: true })).toBeVisible();
  const amount = page.getByRole('slider', { name: 'Monto que necesita' });
  await amount.fill('50000');
  await expect(amount).toHaveAttribute('aria-valuetext', '$50,000');
  await siguiente(page).click();

  await arrive(page, '/es/loan-purpose', '¿Para qué necesita el financiamiento?', 25);
  const purpose = page.getByRole('combobox', { name: 'Propósito del financiamiento' });
  await expect(purpose.getByRole('option').first()).toHaveText('Elija...');
  await at('loan-purpose');
  await purpose.selectOption({ label: 'Nómina' });
  await siguiente(page).click();

  await arrive(page, '/es/loan-timing', '¿Qué tan pronto necesita el dinero?');
  await page.getByRole('radio', { name: 'En una semana' }).click();
  await siguiente(page).click();

  await arrive(page, '/es/average-monthly-revenue', '¿Cuáles son sus ingresos mensuales promedio?');
  await expect(page.getByRole('textbox', { name: 'Ingresos mensuales promedio' })).toHaveValue('$30,000');
  await siguiente(page).click();

  await arrive(page, '/es/credit-score', '¿Cuál es su puntaje de crédito personal estimado?');
  await page.getByRole('radio', { name: 'Bueno (680-719)' }).click();
  await siguiente(page).click();

  await arrive(page, '/es/about-business', 'Cuéntenos sobre su negocio', 60);
  await page.getByRole('textbox', { name: 'Nombre del negocio' }).fill(VISITOR.businessName);
  await page.getByRole('textbox', { name: 'Código postal del negocio' }).pressSequentially('90210');
  await expect(page.getByText('Beverly Hills, CA 90210')).toBeVisible();
  await siguiente(page).click();

  await arrive(page, '/es/business-start', '¿Cuándo comenzó su negocio?', 65);
  await page.getByRole('combobox', { name: 'Mes' }).selectOption({ label: 'Mayo' });
  await page.getByRole('combobox', { name: 'Año' }).selectOption('2018');
  await siguiente(page).click();

  await arrive(page, '/es/business-industry', '¿En qué industria está su negocio?', 73);
  const industry = page.getByRole('combobox', { name: 'Industria' });
  await expect(industry.getByRole('option').first()).toHaveText('Seleccione una industria');
  await industry.selectOption({ label: 'Comercio al por menor' });
  await siguiente(page).click();

  await arrive(page, '/es/name', '¿Cuál es su nombre?', 80);
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(VISITOR.firstName);
  await page.getByRole('textbox', { name: 'Apellido' }).fill(VISITOR.mistypedLastName);
  await siguiente(page).click();
  await expect(page.getByText('Ingrese solo letras.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Apellido' }).fill(VISITOR.lastName);
  await siguiente(page).click();

  await arrive(page, '/es/email', '¿Cuál es su correo electrónico?', 92);
  await expect(page.getByText('Su privacidad es nuestra prioridad. Nunca le enviaremos spam.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await siguiente(page).click();

  await arrive(page, '/es/phone', 'Última pregunta: ¿dónde está ubicado Acme Tools?', 98);
  await expect(page).toHaveTitle('Dirección | Fundflow Test');
  await expect(page.getByText('Complete la información resaltada a continuación:')).toBeVisible();
  await page.getByRole('textbox', { name: 'Dirección' }).fill(VISITOR.street);
  const zip = page.getByRole('textbox', { name: 'Código postal', exact: true });
  await zip.fill('');
  await zip.pressSequentially('60601');
  await expect(page.getByRole('textbox', { name: 'Ciudad' })).toHaveValue('Chicago');
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('IL');
  const consent = page.getByRole('region', { name: 'Su consentimiento' });
  await expect(consent).toContainText('Al hacer clic en "Ver opciones de financiamiento"');
  const consentOnScreen = (await consent.textContent())!;
  await at('phone');
  const submit = page.getByRole('button', { name: 'Ver opciones de financiamiento' });
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Verificando su dirección...' })).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Número de teléfono' });
  await phone.pressSequentially(VISITOR.phone);
  const accepted = page.waitForResponse((response) => response.url().endsWith('/api/v1/leads/trigger'));
  await submit.click();
  const response = await accepted;
  const sent = response.request().postDataJSON() as Record<string, unknown>;
  const recorded = (await response.json()) as { consent: { sha256: string } };

  await arrive(page, '/es/searching-coverage-area', 'Buscando prestamistas');
  await expect(page.getByText('Buscando las mejores tasas en Chicago...')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/es/thank-you', { timeout: 12_000 });
  await arrive(page, '/es/thank-you', '¡Gracias!');
  await expect(page.getByRole('button', { name: 'Empezar de nuevo' })).toBeVisible();
  await at('thank-you');
  return { sent, recorded, consentOnScreen };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('a visitor fills the whole form in Spanish and the buyer receives the lead once, in Spanish', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const email = `mary.es.${info.project.name}@example.com`;
  const { sent, recorded, consentOnScreen } = await walkInSpanish(page, email);
  // Soft: one run names every part of the Spanish lead that is missing.
  expect.soft(sent.language, 'the language the page sends with the lead').toBe('es');
  expect.soft(recorded.consent.sha256, 'the recorded consent is the Spanish text shown').toBe(sha256(consentOnScreen));
  await expect.soft(page.getByText(/¡Gracias, Mary Smith!/)).toBeVisible();
  await expect(page.getByText(/\(212\) 555-0123/)).toBeVisible();
  // The values are the flow's own whatever the words on the page: Partnership, not Sociedad colectiva.
  await expectOneLead(request, email, {
    flow_version: 'v1',
    language: 'es',
    street_address: VISITOR.street,
    city: 'Chicago',
    state: 'IL',
    zipcode: '60601',
  });
});

test('the header links the same step in the other language, with the query and the answers', async ({ page }) => {
  await open(page, '/v2?utm_source=fb');
  const espanol = page.getByRole('banner').getByRole('link', { name: 'Español' });
  await expect(espanol).toHaveAttribute('href', '/es/v2?utm_source=fb');
  await page.getByRole('radio', { name: 'Partnership' }).click();
  await expect(heading(page)).toHaveText('How much do you need?');
  await page.getByRole('slider', { name: 'Amount needed' }).fill('50000');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(heading(page)).toHaveText('What are you getting the financing for?');
  await page.getByRole('combobox', { name: 'Purpose of the financing' }).selectOption({ label: 'Payroll' });

  await espanol.click();
  await arrive(page, '/es/v2/loan-purpose', '¿Para qué necesita el financiamiento?');
  await expect(page).toHaveURL((url) => url.search === '?utm_source=fb');
  await expect(
    page.getByRole('combobox', { name: 'Propósito del financiamiento' }).locator('option:checked'),
  ).toHaveText('Nómina');

  const english = page.getByRole('banner').getByRole('link', { name: 'English' });
  await expect(english).toHaveAttribute('href', '/v2/loan-purpose?utm_source=fb');
  await english.click();
  await expect(page).toHaveURL((url) => url.pathname === '/v2/loan-purpose' && url.search === '?utm_source=fb');
  await expect(heading(page)).toHaveText('What are you getting the financing for?');
  await expect(page.getByRole('combobox', { name: 'Purpose of the financing' }).locator('option:checked')).toHaveText(
    'Payroll',
  );

  // Previous after a switch is the step before, in the language the visitor switched to, with its answer.
  await page.getByRole('banner').getByRole('link', { name: 'Español' }).click();
  await arrive(page, '/es/v2/loan-purpose', '¿Para qué necesita el financiamiento?');
  await page.getByRole('button', { name: 'Anterior', exact: true }).click();
  await arrive(page, '/es/v2/amount', '¿Cuánto necesita?');
  await expect(page.getByRole('slider', { name: 'Monto que necesita' })).toHaveValue('50000');
});

test('a Spanish step address opened without saved answers goes back to the Spanish start, keeping the query', async ({
  page,
}) => {
  await page.goto('/es/credit-score?utm_source=newsletter');
  await arrive(page, '/es', START, 10);
  await expect(page).toHaveURL(/\?utm_source=newsletter$/);
});

/** An error: shown inside a live region, which announces it, with the control marked invalid and described by it. */
async function expectAnnouncedError(page: Page, control: Locator, message: string) {
  const liveRegions = page.locator('[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"]');
  await expect(liveRegions.getByText(message, { exact: true }).first()).toBeVisible();
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(message);
}

test('Next with nothing chosen says so in Spanish, announced, and the progress bar is named in Spanish', async ({
  page,
}) => {
  await open(page, '/es');
  await expect(progreso(page)).toHaveAttribute('aria-valuenow', '10');
  await siguiente(page).click();
  await expectAnnouncedError(page, page.getByRole('radiogroup', { name: 'Tipo de negocio' }), REQUIRED);
  await expect(page.getByRole('radio', { name: 'Propietario único' })).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/es');

  await page.getByRole('radio', { name: 'Sociedad colectiva' }).click();
  await arrive(page, '/es/amount', '¿Cuánto necesita?', 20);
  await siguiente(page).click();
  await arrive(page, '/es/loan-purpose', '¿Para qué necesita el financiamiento?', 25);
  await siguiente(page).click();
  await expectAnnouncedError(page, page.getByRole('combobox', { name: 'Propósito del financiamiento' }), REQUIRED);
});

test('an address in no language of the site is the English not-found page; one under /es the Spanish one', async ({
  page,
}) => {
  expect((await page.goto('/fr'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! That page can’t be found.' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  expect((await page.goto('/es/nada'))?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: '¡Uy! No encontramos esa página.' })).toBeVisible();
  await expect(page).toHaveTitle('Página no encontrada | Fundflow Test');
  await page.getByRole('link', { name: 'Volver', exact: true }).click();
  await arrive(page, '/es', START, 10);
});

test('the Spanish screens and privacy policy pass the WCAG 2.2 AA audit', async ({ page }, info) => {
  test.setTimeout(120_000);
  await walkInSpanish(page, `mary.es.audit.${info.project.name}@example.com`, async (screen) => {
    // Soft: one run lists everything to fix on every screen.
    expect.soft(await axeViolations(page), `axe on the Spanish ${screen}`).toEqual([]);
  });
  await open(page, '/es/privacy');
  await expect(heading(page)).toHaveText('Política de privacidad');
  expect.soft(await axeViolations(page), 'axe on /es/privacy').toEqual([]);
});

/** Where a choice sits in a select's list of the Spanish v1 (the disabled placeholder comes first). */
function arrowsTo(step: string, field: string, title: string): number {
  const spanish = JSON.parse(readFileSync(new URL('../../flows/languages/es.json', import.meta.url), 'utf8')) as {
    texts: Record<string, Record<string, string>>;
  };
  const prefix = `/steps/${step}/schema/properties/${field}/oneOf/`;
  const entry = Object.entries(spanish.texts['flows/business-funding.json']!).find(
    ([pointer, text]) => pointer.startsWith(prefix) && text === title,
  );
  expect(entry, `${title} in ${step}`).toBeDefined();
  return Number(entry![0].slice(prefix.length).split('/')[0]) + 1;
}

/** Tabs until `target` has the focus; every stop on the way is a visible element, never the page's body. */
async function tabTo(page: Page, target: Locator) {
  for (let stops = 0; stops < 12; stops += 1) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const element = document.activeElement ?? document.body;
      const box = element.getBoundingClientRect();
      return {
        what: `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 40) ?? ''}`,
        shown: element !== document.body && element.checkVisibility() && box.width > 0 && box.height > 0,
      };
    });
    expect(seen.shown, `Tab focused ${seen.what}, which is not visible`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** A new screen reached with the keyboard: the focus on its heading, the step at rest. */
async function arriveByKeyboard(page: Page, path: string, text: string) {
  await arrive(page, path, text);
  await expect(heading(page)).toBeFocused();
  await animationsEnded(page);
}

test('the first Spanish steps with the keyboard alone', async ({ page }) => {
  await open(page, '/es');
  await tabTo(page, page.getByRole('radio', { name: 'Propietario único' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Sociedad colectiva' })).toBeChecked();
  await expect(page).toHaveURL((url) => url.pathname === '/es');
  await tabTo(page, siguiente(page));
  await page.keyboard.press('Enter');

  await arriveByKeyboard(page, '/es/amount', '¿Cuánto necesita?');
  const amount = page.getByRole('slider', { name: 'Monto que necesita' });
  // The step's widget comes on demand: a person presses Tab once it is drawn.
  await expect(amount).toBeVisible();
  await tabTo(page, amount);
  for (let press = 0; press < 8; press += 1) await page.keyboard.press('ArrowRight');
  await expect(amount).toHaveAttribute('aria-valuetext', '$50,000');
  await tabTo(page, siguiente(page));
  await page.keyboard.press('Space');

  await arriveByKeyboard(page, '/es/loan-purpose', '¿Para qué necesita el financiamiento?');
  const purpose = page.getByRole('combobox', { name: 'Propósito del financiamiento' });
  await expect(purpose).toBeVisible();
  await tabTo(page, purpose);
  for (let press = 0; press < arrowsTo('loan-purpose', 'loan_purpose', 'Nómina'); press += 1)
    await page.keyboard.press('ArrowDown');
  await expect(purpose.getByRole('option', { name: 'Nómina' })).toHaveJSProperty('selected', true);
  await tabTo(page, siguiente(page));
  await page.keyboard.press('Enter');

  await arriveByKeyboard(page, '/es/loan-timing', '¿Qué tan pronto necesita el dinero?');
  await tabTo(page, page.getByRole('radio', { name: 'En una semana' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'En una semana' })).toBeChecked();
  await tabTo(page, siguiente(page));
  await page.keyboard.press('Enter');
  await arriveByKeyboard(page, '/es/average-monthly-revenue', '¿Cuáles son sus ingresos mensuales promedio?');
});

test('Spanish pages say lang="es", English ones lang="en", and each names its address in both (hreflang)', async ({
  page,
  baseURL,
}) => {
  const pages = [
    { path: '/es', lang: 'es', en: '/', es: '/es' },
    { path: '/es/v2', lang: 'es', en: '/v2', es: '/es/v2' },
    { path: '/es/privacy', lang: 'es', en: '/privacy', es: '/es/privacy' },
    { path: '/', lang: 'en', en: '/', es: '/es' },
    { path: '/v3', lang: 'en', en: '/v3', es: '/es/v3' },
    { path: '/terms', lang: 'en', en: '/terms', es: '/es/terms' },
  ];
  for (const { path, lang, en, es } of pages) {
    await page.goto(path);
    await expect(page.locator('html'), path).toHaveAttribute('lang', lang);
    const alternate = (hreflang: string) => page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`);
    await expect(alternate('en'), path).toHaveAttribute('href', `${baseURL}${en}`);
    await expect(alternate('es'), path).toHaveAttribute('href', `${baseURL}${es}`);
    await expect(alternate('x-default'), path).toHaveAttribute('href', `${baseURL}${en}`);
  }
});
