import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadRow } from '../../contracts/console.ts';
import { OPERATOR, renderConsole, signedInAs, stubServer, type Handler } from './stub-server.tsx';

afterEach(() => vi.unstubAllGlobals());

const lead = (id: string, overrides: Partial<LeadRow> = {}): LeadRow => ({
  id,
  received_at: '2026-11-26T15:04:00.000Z',
  flow_version: 'v2',
  status: 'delivered',
  held_reason: null,
  name: `Jane ${id}`,
  business_name: `${id} Bakery`,
  purged: false,
  email: `${id}@example.com`,
  phone: '(212) 555-0100',
  utm_source: 'fb',
  attempts: 1,
  language: 'en',
  sold_price: null,
  ...overrides,
});

/** The list: page one, then with cursor "c2" page two, the last; and a count of the leads. */
const leadPages: Handler = ({ method, url }) => {
  if (method === 'GET' && url.startsWith('/api/admin/lead-count'))
    return { status: 200, body: { count: 3, exact: true } };
  if (method !== 'GET' || !url.startsWith('/api/admin/leads')) return undefined;
  const cursor = new URL(url, 'http://console.test').searchParams.get('cursor');
  return cursor === 'c2'
    ? { status: 200, body: { leads: [lead('older')], next_cursor: null } }
    : {
        status: 200,
        body: {
          leads: [
            lead('newest', { status: 'held', held_reason: 'duplicate', attempts: 0, language: 'es' }),
            lead('second', { sold_price: '1042.50' }),
          ],
          next_cursor: 'c2',
        },
      };
};

const leadsUrls = (server: ReturnType<typeof stubServer>) =>
  server.callsTo('GET', '/api/admin/leads').map((call) => call.url);

describe('the leads page', () => {
  it('lists leads newest first, each linking to its page by person and business, a held lead saying why', async () => {
    stubServer(signedInAs(OPERATOR), leadPages);
    renderConsole('/admin');
    const table = await screen.findByRole('table', { name: 'Leads, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Jane newest, newest Bakery' }).getAttribute('href')).toBe(
      '/admin/leads/newest',
    );
    expect(rows[0]!.textContent).toContain('newest@example.com');
    expect(rows[0]!.textContent).toContain('held (duplicate)');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Lead', 'Received', 'Email', 'Phone', 'Version', 'Language', 'Status', 'Sold for', 'Attempts']);
  });

  it('says what each lead sold for, in dollars, and a dash for one not sold at a price', async () => {
    stubServer(signedInAs(OPERATOR), leadPages);
    renderConsole('/admin');
    const table = await screen.findByRole('table', { name: 'Leads, newest first' });
    const [, held, sold] = within(table).getAllByRole('row');
    expect(within(sold!).getByRole('cell', { name: '$1,042.50' })).toBeTruthy();
    expect(within(held!).getByRole('cell', { name: '—' })).toBeTruthy();
  });

  it('names the language each lead was filled in', async () => {
    stubServer(signedInAs(OPERATOR), leadPages);
    renderConsole('/admin');
    const table = await screen.findByRole('table', { name: 'Leads, newest first' });
    const [, spanish, english] = within(table).getAllByRole('row');
    expect(within(spanish!).getByRole('cell', { name: 'Spanish' })).toBeTruthy();
    expect(within(english!).getByRole('cell', { name: 'English' })).toBeTruthy();
  });

  it('names a lead retention erased by when it came', async () => {
    const erased = lead('erased', { name: '', business_name: '', email: '', phone: '', purged: true });
    stubServer(signedInAs(OPERATOR), ({ method, url }) =>
      method === 'GET' && url === '/api/admin/leads'
        ? { status: 200, body: { leads: [erased], next_cursor: null } }
        : undefined,
    );
    renderConsole('/admin');
    const table = await screen.findByRole('table', { name: 'Leads, newest first' });
    expect(within(table).getByRole('link', { name: /^Lead received .*2026.* \(personal data erased\)$/ })).toBeTruthy();
  });

  it('says how many leads match, exactly or about as many as the server estimates', async () => {
    const server = stubServer(
      signedInAs(OPERATOR),
      ({ method, url }) =>
        method === 'GET' && url.startsWith('/api/admin/lead-count')
          ? {
              status: 200,
              body: url.includes('status') ? { count: 1, exact: true } : { count: 1_000_000, exact: false },
            }
          : undefined,
      leadPages,
    );
    renderConsole('/admin');
    expect(await screen.findByText('about 1,000,000 leads')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'held');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 lead')).toBeTruthy();
    expect(server.callsTo('GET', '/api/admin/lead-count').at(-1)?.url).toBe('/api/admin/lead-count?status=held');
  });

  it('searches with Enter in the Search field, with every filter in the query', async () => {
    const server = stubServer(signedInAs(OPERATOR), leadPages);
    renderConsole('/admin');
    const user = userEvent.setup();
    const search = within(await screen.findByRole('search', { name: 'Leads' }));
    await user.selectOptions(search.getByLabelText('Status'), 'dead-lettered');
    await user.type(search.getByLabelText('Version'), 'v3');
    await user.type(search.getByLabelText('From'), '2026-11-01');
    await user.type(search.getByLabelText('To'), '2026-11-27');
    await user.type(search.getByLabelText('utm_source'), 'google');
    await user.type(search.getByLabelText('utm_campaign'), 'spring');
    await user.type(search.getByLabelText('Language'), 'es');
    await user.type(search.getByLabelText('Search'), ' jane+1@example.com {Enter}');
    await vi.waitFor(() =>
      expect(leadsUrls(server).at(-1)).toBe(
        '/api/admin/leads?q=jane%2B1%40example.com&status=dead-lettered&version=v3&from=2026-11-01&to=2026-11-27&utm_source=google&utm_campaign=spring&language=es',
      ),
    );
    expect(leadsUrls(server)[0]).toBe('/api/admin/leads');
  });

  it('offers every status to filter by, held and dead-lettered too', async () => {
    stubServer(signedInAs(OPERATOR), leadPages);
    renderConsole('/admin');
    const status = await screen.findByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', 'stored', 'queued', 'delivered', 'unsold', 'held', 'dead-lettered']);
  });

  it('pages on with the next cursor and back with Newer', async () => {
    const server = stubServer(signedInAs(OPERATOR), leadPages);
    renderConsole('/admin?status=delivered');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Jane older, older Bakery' })).toBeTruthy();
    expect(leadsUrls(server).at(-1)).toBe('/api/admin/leads?status=delivered&cursor=c2');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByRole('link', { name: 'Jane newest, newest Bakery' })).toBeTruthy();
    expect(leadsUrls(server).at(-1)).toBe('/api/admin/leads?status=delivered');
  });

  it('says when no lead matches', async () => {
    stubServer(signedInAs(OPERATOR), ({ url }) =>
      url.startsWith('/api/admin/leads') ? { status: 200, body: { leads: [], next_cursor: null } } : undefined,
    );
    renderConsole('/admin?q=nobody%40example.com');
    expect((await screen.findByText('No lead matches these filters.')).getAttribute('role')).toBe('status');
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('nobody@example.com');
  });

  it('links the CSV export of the chosen date range', async () => {
    stubServer(signedInAs(OPERATOR), leadPages);
    renderConsole('/admin');
    const user = userEvent.setup();
    const exporting = within(await screen.findByRole('region', { name: 'Export to CSV' }));
    await user.clear(exporting.getByLabelText('From'));
    await user.type(exporting.getByLabelText('From'), '2026-10-01');
    await user.clear(exporting.getByLabelText('To'));
    await user.type(exporting.getByLabelText('To'), '2026-10-31');
    expect(exporting.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/leads.csv?from=2026-10-01&to=2026-10-31',
    );
  });
});

describe('moving about the console', () => {
  it("opens a lead's page from the list and comes back with Back, the filters kept", async () => {
    stubServer(
      signedInAs(OPERATOR),
      ({ method, url }) =>
        method === 'GET' && url === '/api/admin/leads/second'
          ? {
              status: 200,
              body: {
                lead: {
                  id: 'second',
                  received_at: '2026-11-26T15:04:00.000Z',
                  flow: 'funding',
                  flow_version: 'v2',
                  status: 'delivered',
                  held_reason: null,
                  delivered_at: '2026-11-26T15:04:02.000Z',
                  delivered_to: 'quillmont',
                  delivered_to_name: 'Quillmont Capital',
                  delivery_reason: null,
                  name: 'Jane Second',
                  business_name: 'Second Bakery',
                  purged_at: null,
                  answers: {},
                  answer_groups: [],
                  consent: null,
                  path: [],
                  pings: [],
                  attempts: [],
                  returns: [],
                  revocations: [],
                },
              },
            }
          : undefined,
      leadPages,
    );
    renderConsole('/admin?status=delivered');
    const user = userEvent.setup();
    const rows = within(await screen.findByRole('table', { name: 'Leads, newest first' })).getAllByRole('row');
    // Anywhere on the row, not only its link.
    await user.click(within(rows[2]!).getByText('second@example.com'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Second, Second Bakery' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/leads/second');
    expect(screen.getByRole('link', { name: 'Leads' }).getAttribute('aria-current')).toBe('page');
    window.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('delivered');
  });
});
