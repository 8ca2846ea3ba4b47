/** The Lenders page: the buyers in the order leads are offered to them, their caps and returns, and who gets none. */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuyerReportEntry, BuyersReportResponse } from '../../contracts/console.ts';
import { getting, MARKETER, OPERATOR, renderConsole, signedInAs, stubServer } from './stub-server.tsx';

afterEach(() => vi.unstubAllGlobals());

const buyer = (
  entry: Partial<BuyerReportEntry> & Pick<BuyerReportEntry, 'id' | 'name' | 'priority'>,
): BuyerReportEntry => ({
  filters: ['every lead'],
  schedule: 'any day, any time',
  time_zone: 'America/Los_Angeles',
  used_today: 0,
  per_day: null,
  used_this_month: 0,
  per_month: null,
  delivered_30_days: 0,
  returned_30_days: 0,
  return_rate: null,
  price: null,
  revenue_today: null,
  revenue_this_month: null,
  revenue_30_days: null,
  returned_revenue_30_days: null,
  average_price_30_days: null,
  failing_since: null,
  failing_leads: 0,
  moved_on_30_days: 0,
  ...entry,
});

const REPORT: BuyersReportResponse = {
  buyers: [
    buyer({
      id: 'quillmont',
      name: 'Quillmont Capital',
      priority: 1,
      filters: ['states CA, NY', 'amount $10,000 to $250,000'],
      schedule: 'mon-fri 08:00-18:00',
      time_zone: 'America/New_York',
      used_today: 12,
      per_day: 50,
      used_this_month: 340,
      per_month: 1000,
      delivered_30_days: 8,
      returned_30_days: 1,
      return_rate: 12.5,
      price: '42.50',
      revenue_today: '85.00',
      revenue_this_month: '14450.00',
      revenue_30_days: '297.50',
      returned_revenue_30_days: '42.50',
      average_price_30_days: '42.50',
    }),
    buyer({ id: 'vantorra', name: 'Vantorra Funding', priority: 2, used_today: 3 }),
  ],
  without_buyer: [{ id: 'corvane', name: 'Corvane Finance' }],
};

describe('the Lenders page', () => {
  it('lists each buyer in priority order with its rules, caps used, deliveries, returns and return rate', async () => {
    stubServer(signedInAs(OPERATOR), getting('/api/admin/lenders', REPORT));
    renderConsole('/admin/lenders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lenders' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Buyers, in the order leads are offered to them' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual([
      'Priority',
      'Lender',
      'Id',
      'Takes',
      'Hours',
      'Time zone',
      'Today',
      'This month',
      'Delivered (30 days)',
      'Returned (30 days)',
      'Return rate',
      'Failing now',
      'Moved on (30 days)',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const quillmont = within(rows[0]!);
    expect(quillmont.getByRole('rowheader').textContent).toBe('Quillmont Capital');
    expect(quillmont.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'states CA, NY',
      'amount $10,000 to $250,000',
    ]);
    const cells = (row: (typeof rows)[number]) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual([
      '1',
      'quillmont',
      'states CA, NYamount $10,000 to $250,000',
      'mon-fri 08:00-18:00',
      'America/New_York',
      '12 / 50',
      '340 / 1000',
      '8',
      '1',
      '12.5 %',
      'No',
      '0',
    ]);
    expect(cells(rows[1]!)).toEqual([
      '2',
      'vantorra',
      'every lead',
      'any day, any time',
      'America/Los_Angeles',
      '3 (no cap)',
      '0 (no cap)',
      '0',
      '0',
      '—',
      'No',
      '0',
    ]);
  });

  it('shows a buyer whose posts are failing now, since when and for how many leads, and the leads that moved on', async () => {
    const failing = buyer({
      id: 'vantorra',
      name: 'Vantorra Funding',
      priority: 1,
      failing_since: '2026-11-27T15:04:05.000Z',
      failing_leads: 3,
      moved_on_30_days: 12,
    });
    stubServer(signedInAs(OPERATOR), getting('/api/admin/lenders', { buyers: [failing], without_buyer: [] }));
    renderConsole('/admin/lenders');
    const table = await screen.findByRole('table', { name: 'Buyers, in the order leads are offered to them' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    const since = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date('2026-11-27T15:04:05.000Z'),
    );
    expect(cells.slice(-2)).toEqual([`Failing since ${since} (3 leads)`, '12']);
  });

  it("shows what each buyer's leads sold for in dollars, returned revenue apart, '—' where there is no price", async () => {
    stubServer(signedInAs(OPERATOR), getting('/api/admin/lenders', REPORT));
    renderConsole('/admin/lenders');
    const table = await screen.findByRole('table', {
      name: "What their leads sold for, in each one's own day and month (returned leads apart)",
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Lender', 'Price', 'Today', 'This month', 'Last 30 days', 'Returned (30 days)', 'Average (30 days)']);
    const rows = within(table).getAllByRole('row').slice(1);
    const line = (row: HTMLElement) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ];
    expect(rows.map(line)).toEqual([
      ['Quillmont Capital', '$42.50', '$85.00', '$14,450.00', '$297.50', '$42.50', '$42.50'],
      ['Vantorra Funding', '—', '—', '—', '—', '—', '—'],
    ]);
  });

  it('names the lenders of the consent that receive no leads', async () => {
    stubServer(signedInAs(OPERATOR), getting('/api/admin/lenders', REPORT));
    renderConsole('/admin/lenders');
    const region = within(await screen.findByRole('region', { name: 'Named in the consent, without a buyer' }));
    expect(region.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Corvane Finance (corvane): receives no leads',
    ]);
  });

  it('says so when no buyer is configured', async () => {
    stubServer(signedInAs(OPERATOR), getting('/api/admin/lenders', { buyers: [], without_buyer: [] }));
    renderConsole('/admin/lenders');
    expect(await screen.findByText(/No buyer is configured/)).toBeTruthy();
  });

  it('is in the nav of an operator, marked current on its page', async () => {
    stubServer(signedInAs(OPERATOR), getting('/api/admin/lenders', REPORT));
    renderConsole('/admin/lenders');
    const nav = within(await screen.findByRole('navigation', { name: 'Console' }));
    expect(nav.getByRole('link', { name: 'Lenders' }).getAttribute('aria-current')).toBe('page');
  });

  it('is not for a marketer: no link, no call', async () => {
    const server = stubServer(signedInAs(MARKETER), getting('/api/admin/lenders', REPORT));
    renderConsole('/admin/lenders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Lenders' })).toBeNull();
    expect(server.callsTo('GET', '/api/admin/lenders')).toEqual([]);
  });
});
