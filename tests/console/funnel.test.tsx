import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunnelResponse } from '../../contracts/funnel.ts';
import { BAR_WIDTH } from '../../console/FunnelChart.tsx';
import { MARKETER, renderConsole, signedInAs, stubServer, type Handler } from './stub-server.tsx';

afterEach(() => vi.unstubAllGlobals());

const step = (name: string, views: number, advanced: number, exits: number, median: number | null) => ({
  step: name,
  views,
  advanced,
  exits,
  drop_off: views === 0 ? 0 : exits / views,
  median_seconds: median,
});

const FUNNELS: Record<string, FunnelResponse> = {
  v1: {
    version: 'v1',
    from: '2026-11-01',
    to: '2026-11-27',
    visitors: 8,
    leads: 1,
    conversion: { rate: 0.125, low: 0.0224, high: 0.4709 },
    revenue: '1234.50',
    sold: 12,
    revenue_per_visitor: { mean: 154.3125, low: 98.104, high: 210.521 },
    campaigns: [
      {
        utm_campaign: 'spring',
        visitors: 5,
        leads: 1,
        conversion: { rate: 0.2, low: 0.0362, high: 0.6245 },
        revenue: '1234.50',
        sold: 12,
        revenue_per_visitor: { mean: 246.9, low: 150.2, high: 343.6 },
      },
      {
        utm_campaign: '',
        visitors: 3,
        leads: 0,
        conversion: { rate: 0, low: 0, high: 0.56151 },
        revenue: '0.00',
        sold: 0,
        revenue_per_visitor: { mean: 0, low: null, high: null },
      },
    ],
    steps: [step('start', 8, 6, 2, 4.25), step('amount', 6, 3, 3, 12), step('thank-you', 1, 0, 0, null)],
  },
  v2: {
    version: 'v2',
    from: '2026-11-01',
    to: '2026-11-27',
    visitors: 3,
    leads: 0,
    conversion: { rate: 0, low: 0, high: 0.56151 },
    revenue: '45.00',
    sold: 1,
    revenue_per_visitor: { mean: 15, low: null, high: null },
    campaigns: [],
    steps: [step('start', 3, 1, 2, 2), step('amount', 1, 0, 1, 30.5)],
  },
  v3: {
    version: 'v3',
    from: '2026-11-01',
    to: '2026-11-27',
    visitors: 0,
    leads: 0,
    conversion: { rate: 0, low: 0, high: 0 },
    revenue: '0.00',
    sold: 0,
    revenue_per_visitor: { mean: 0, low: null, high: null },
    campaigns: [],
    steps: [step('start', 0, 0, 0, null)],
  },
};

/** GET /api/admin/funnel answers the asked version's funnel. */
const funnels: Handler = ({ method, url }) => {
  if (method !== 'GET' || !url.startsWith('/api/admin/funnel?')) return undefined;
  const version = new URL(url, 'http://console.test').searchParams.get('version') ?? '';
  const funnel = FUNNELS[version];
  return funnel === undefined
    ? { status: 400, body: { error: 'invalid_query', message: 'No such version' } }
    : {
        status: 200,
        body: funnel,
      };
};

const RANGE = 'from=2026-11-01&to=2026-11-27';

/** A table's rows below its header, each as the text of its cells. */
function rowsOf(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      // Each row starts with its header: the version or the step.
      [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent ?? '',
      ),
    );
}

const funnelQueries = (server: ReturnType<typeof stubServer>) =>
  server
    .callsTo('GET', '/api/admin/funnel?')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://console.test').searchParams));

describe('the funnel page', () => {
  it("is in a marketer's navigation, and shows the versions side by side and the first version's steps exactly", async () => {
    stubServer(signedInAs(MARKETER), funnels);
    renderConsole(`/admin/funnel?${RANGE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Funnel' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Funnel' }).getAttribute('aria-current')).toBe('page');

    await screen.findByRole('table', { name: 'Versions side by side' });
    expect(rowsOf('Versions side by side')).toEqual([
      ['v1', '8', '1', '12.5 %', '2.2 % to 47.1 %', '$1,234.50', '$154.31', '$98.10 to $210.52'],
      ['v2', '3', '0', '0.0 %', '0.0 % to 56.2 %', '$45.00', '$15.00', 'none yet, under 10 sales'],
      ['v3', '0', '0', '0.0 %', '0.0 % to 0.0 %', '$0.00', '$0.00', 'none yet, under 10 sales'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'v1, step by step' })).toBeTruthy();
    expect(rowsOf('Steps of v1')).toEqual([
      ['start', '8', '6', '2', '25.0 %', '4.3 s'],
      ['amount', '6', '3', '3', '50.0 %', '12.0 s'],
      ['thank-you', '1', '0', '0', '0.0 %', '—'],
    ]);
  });

  it("names each rate's interval apart, and right-aligns the money", async () => {
    stubServer(signedInAs(MARKETER), funnels);
    renderConsole(`/admin/funnel?${RANGE}`);
    const table = await screen.findByRole('table', { name: 'Versions side by side' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Version',
      'Visitors',
      'Leads',
      'Leads per visitor',
      '95 % interval of leads per visitor',
      'Revenue',
      'Revenue per visitor',
      '95 % interval of revenue per visitor',
    ]);
    const v1 = within(table).getByRole('row', { name: /^v1 / });
    const money = within(v1)
      .getAllByRole('cell')
      .filter((cell) => cell.classList.contains('console-money'));
    expect(money.map((cell) => cell.textContent)).toEqual(['$1,234.50', '$154.31', '$98.10 to $210.52']);
  });

  it("lists the shown version's figures, readable without the tables' columns", async () => {
    stubServer(signedInAs(MARKETER), funnels);
    renderConsole(`/admin/funnel?${RANGE}`);
    const section = await screen.findByRole('region', { name: 'v1, visitors and revenue' });
    const facts = Object.fromEntries(
      within(section)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Visitors: '8',
      'Leads per visitor': '12.5 % (95 % interval: 2.2 % to 47.1 %)',
      Revenue: '$1,234.50',
      'Revenue per visitor': '$154.31 (95 % interval: $98.10 to $210.52)',
    });
  });

  it("shows the shown version's campaigns with the same numbers, a visit without one as No campaign", async () => {
    stubServer(signedInAs(MARKETER), funnels);
    renderConsole(`/admin/funnel?${RANGE}`);
    await screen.findByRole('table', { name: 'Campaigns of v1' });
    expect(rowsOf('Campaigns of v1')).toEqual([
      ['spring', '5', '1', '20.0 %', '3.6 % to 62.5 %', '$1,234.50', '$246.90', '$150.20 to $343.60'],
      ['No campaign', '3', '0', '0.0 %', '0.0 % to 56.2 %', '$0.00', '$0.00', 'none yet, under 10 sales'],
    ]);
    // A version without campaigns shows no table of them.
    await userEvent.setup().click(screen.getByRole('link', { name: 'v2' }));
    await screen.findByRole('heading', { level: 2, name: 'v2, step by step' });
    expect(screen.queryByRole('table', { name: /^Campaigns of/ })).toBeNull();
  });

  it("draws a bar per step as long as its views, with the table's numbers", async () => {
    stubServer(signedInAs(MARKETER), funnels);
    renderConsole(`/admin/funnel?${RANGE}`);
    const chart = await screen.findByRole('img', { name: 'Views per step, v1' });
    expect(chart.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)?.textContent).toContain(
      "the table of v1's steps gives the same numbers",
    );
    const bars = [...chart.querySelectorAll('g')].map((bar) => ({
      labels: [...bar.querySelectorAll('text')].map((text) => text.textContent),
      width: Number(bar.querySelector('rect')!.getAttribute('width')),
    }));
    const table = rowsOf('Steps of v1');
    expect(bars.map(({ labels }) => labels)).toEqual(table.map(([name, views]) => [name, views]));
    const most = Math.max(...table.map(([, views]) => Number(views)));
    expect(bars.map(({ width }) => width)).toEqual(table.map(([, views]) => (Number(views) / most) * BAR_WIDTH));
  });

  it('asks for every version with the filters (the language too), keeps them in the address, and links the CSV with them', async () => {
    const server = stubServer(signedInAs(MARKETER), funnels);
    renderConsole(`/admin/funnel?${RANGE}`);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Versions side by side' });
    expect(funnelQueries(server)).toEqual(
      ['v1', 'v2', 'v3'].map((version) => ({ version, from: '2026-11-01', to: '2026-11-27' })),
    );

    const filters = screen.getByRole('form', { name: 'Funnel filters' });
    await user.type(within(filters).getByRole('textbox', { name: 'utm_source' }), 'google');
    await user.type(within(filters).getByRole('textbox', { name: 'utm_campaign' }), 'spring sale');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Device' }), 'phone');
    await user.type(within(filters).getByRole('textbox', { name: 'Language' }), 'es');
    await user.click(within(filters).getByRole('button', { name: 'Show' }));

    const filtered = {
      from: '2026-11-01',
      to: '2026-11-27',
      utm_source: 'google',
      utm_campaign: 'spring sale',
      device: 'phone',
      language: 'es',
    };
    await vi.waitFor(() =>
      expect(funnelQueries(server).slice(3)).toEqual(['v1', 'v2', 'v3'].map((version) => ({ version, ...filtered }))),
    );
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ version: 'v1', ...filtered });
    const csv = new URL(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')!, 'http://x.test');
    expect(csv.pathname).toBe('/api/admin/funnel.csv');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ version: 'v1', ...filtered });
  });

  it("shows another version's steps when its link in the comparison is followed, the filters kept", async () => {
    stubServer(signedInAs(MARKETER), funnels);
    renderConsole(`/admin/funnel?${RANGE}&device=tablet`);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'v2' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'v2, step by step' })).toBeTruthy();
    expect(rowsOf('Steps of v2')).toEqual([
      ['start', '3', '1', '2', '66.7 %', '2.0 s'],
      ['amount', '1', '0', '1', '100.0 %', '30.5 s'],
    ]);
    expect(screen.getByRole('link', { name: 'v2' }).getAttribute('aria-current')).toBe('true');
    expect(new URLSearchParams(window.location.search).get('device')).toBe('tablet');
  });
});
