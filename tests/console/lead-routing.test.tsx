/**
 * A lead's page tells where its delivery ended (the outcome line), shows its path through the buyers, the buyer of
 * each attempt, its returns and revocations, and records a consent revocation once confirmed.
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LeadPageResponse } from '../../contracts/console.ts';
import { OPERATOR, renderConsole, signedInAs, stubServer, supportDialogs, type Handler } from './stub-server.tsx';

beforeAll(supportDialogs);
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; max-age=0';
});

type Lead = LeadPageResponse['lead'];

const ID = '7c1e2f3a-0000-4000-8000-000000000001';

const routed: Lead = {
  id: ID,
  received_at: '2026-11-26T15:04:00.000Z',
  flow: 'business-funding',
  flow_version: 'v3',
  status: 'delivered',
  held_reason: null,
  delivered_at: '2026-11-26T15:04:09.000Z',
  delivered_to: 'vantorra',
  delivered_to_name: 'Vantorra Funding',
  sold_price: '1234.50',
  delivery_reason: null,
  name: 'Maria Rivera',
  business_name: 'Rivera Bakery',
  purged_at: null,
  gpc: false,
  language: 'en',
  answers: { amount: 50000 },
  answer_groups: [],
  consent: null,
  path: [
    {
      position: 1,
      buyer_id: 'quillmont',
      buyer_name: 'Quillmont Capital',
      state: 'skipped',
      reason: 'state TX not taken',
      attempts: 0,
      decided_at: '2026-11-26T15:04:01.000Z',
      delivered_at: null,
      price: null,
    },
    {
      position: 2,
      buyer_id: 'elmsbrook',
      buyer_name: null,
      state: 'refused',
      reason: 'duplicate',
      attempts: 1,
      decided_at: '2026-11-26T15:04:02.000Z',
      delivered_at: null,
      price: null,
    },
    {
      position: 3,
      buyer_id: 'vantorra',
      buyer_name: 'Vantorra Funding',
      state: 'delivered',
      reason: null,
      attempts: 2,
      decided_at: '2026-11-26T15:04:03.000Z',
      delivered_at: '2026-11-26T15:04:09.000Z',
      price: '1234.50',
    },
  ],
  attempts: [
    {
      attempt: 1,
      attempted_at: '2026-11-26T15:04:02.000Z',
      http_status: 422,
      outcome: 'rejected',
      error: 'refused: duplicate',
      duration_ms: 40,
      buyer_id: 'elmsbrook',
      buyer_name: null,
    },
    {
      attempt: 2,
      attempted_at: '2026-11-26T15:04:09.000Z',
      http_status: 200,
      outcome: 'delivered',
      error: null,
      duration_ms: 60,
      buyer_id: 'vantorra',
      buyer_name: 'Vantorra Funding',
    },
  ],
  pings: [],
  returns: [],
  revocations: [],
};

/** The lead as the server has it; recording a revocation tells the buyer that had it. */
function leadServer(initial: Lead): Handler {
  let lead = initial;
  return ({ method, url }) => {
    if (method === 'GET' && url === `/api/admin/leads/${ID}`) return { status: 200, body: { lead } };
    if (method === 'POST' && url === `/api/admin/leads/${ID}/consent-revocation`) {
      lead = {
        ...lead,
        revocations: [
          {
            buyer_id: 'vantorra',
            buyer_name: 'Vantorra Funding',
            cause: 'consent-revoked',
            created_at: '2026-11-27T09:00:00.000Z',
            attempts: 0,
            sent_at: null,
          },
        ],
      };
      return { status: 200, body: { result: 'revocation sent to 1 buyer', status: 'delivered' } };
    }
    return undefined;
  };
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const outcome = async () => (await screen.findByText('Outcome', { selector: 'dt' })).nextElementSibling?.textContent;

describe("a lead's routing on its page", () => {
  it('shows the path, one row per buyer in order, with what happened, why, attempts; a removed buyer by its id', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(routed));
    renderConsole(`/admin/leads/${ID}`);
    const region = within(await screen.findByRole('region', { name: 'Path through the buyers' }));
    const table = region.getByRole('table', { name: 'Buyers considered, in order' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Buyer', 'What happened', 'Reason', 'Attempts', 'When', 'Price']);
    expect(cellsOf(table).map((cells) => [...cells.slice(0, 5), cells[6]])).toEqual([
      ['1', 'Quillmont Capital', 'skipped', 'state TX not taken', '0', '—'],
      ['2', 'elmsbrook', 'refused', 'duplicate', '1', '—'],
      ['3', 'Vantorra Funding', 'delivered', '—', '2', '$1,234.50'],
    ]);
  });

  it('shows each buyer asked for a bid: its bid or why it made none, its answer, and what it was sent', async () => {
    const sent = { ping_id: 'b1a2c3d4-0000-4000-8000-000000000002', state: 'TX', zip3: '752', amount: 50000 };
    const pings: Lead['pings'] = [
      {
        buyer_id: 'vantorra',
        buyer_name: 'Vantorra Funding',
        ping_id: sent.ping_id,
        pinged_at: '2026-11-26T15:04:01.000Z',
        sent,
        http_status: 200,
        answer: '{"bid":1234.5}',
        bid: '1234.50',
        no_bid_reason: null,
        error: null,
        duration_ms: 212,
      },
      {
        buyer_id: 'elmsbrook',
        buyer_name: null,
        ping_id: 'b1a2c3d4-0000-4000-8000-000000000003',
        pinged_at: '2026-11-26T15:04:01.000Z',
        sent: { ...sent, ping_id: 'b1a2c3d4-0000-4000-8000-000000000003' },
        http_status: null,
        answer: '',
        bid: null,
        no_bid_reason: 'late',
        error: 'no answer within 750 ms',
        duration_ms: 750,
      },
    ];
    stubServer(signedInAs(OPERATOR), leadServer({ ...routed, pings }));
    renderConsole(`/admin/leads/${ID}`);
    const region = within(await screen.findByRole('region', { name: 'Path through the buyers' }));
    const table = region.getByRole('table', { name: 'Bids asked for (ping)' });
    expect(cellsOf(table).map((cells) => cells.slice(0, 4))).toEqual([
      ['Vantorra Funding', '$1,234.50', 'HTTP 200 {"bid":1234.5}', '212 ms'],
      ['elmsbrook', 'no bid: no answer in time', 'no answer within 750 ms', '750 ms'],
    ]);
    const summary = within(table).getAllByText(/^What it was sent/)[0]!;
    await userEvent.click(summary);
    const details = summary.closest('details')!;
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('"zip3": "752"');
  });

  it('shows no bids where no buyer was asked for one', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(routed));
    renderConsole(`/admin/leads/${ID}`);
    const region = within(await screen.findByRole('region', { name: 'Path through the buyers' }));
    await region.findByRole('table', { name: 'Buyers considered, in order' });
    expect(region.queryByRole('table', { name: 'Bids asked for (ping)' })).toBeNull();
  });

  const returnedByVantorra: Lead['returns'] = [
    {
      buyer_id: 'vantorra',
      buyer_name: 'Vantorra Funding',
      reason: 'disconnected_phone',
      returned_at: '2026-11-27T10:00:00.000Z',
    },
  ];
  it.each([
    [{}, '$1,234.50 to Vantorra Funding'],
    [{ sold_price: null }, '— (no stated price) to Vantorra Funding'],
    [{ sold_price: '0.50', returns: returnedByVantorra }, '$0.50 to Vantorra Funding, returned'],
  ] as const)('says what the lead sold for beside who bought it: %o', async (change, line) => {
    stubServer(signedInAs(OPERATOR), leadServer({ ...routed, ...change }));
    renderConsole(`/admin/leads/${ID}`);
    const soldFor = await screen.findByText('Sold for', { selector: 'dt' });
    expect(soldFor.nextElementSibling?.textContent).toBe(line);
  });

  it('has no price line for a lead no buyer took', async () => {
    const unsold = {
      ...routed,
      status: 'unsold',
      delivered_to: null,
      delivered_to_name: null,
      sold_price: null,
    } as const;
    stubServer(signedInAs(OPERATOR), leadServer(unsold));
    renderConsole(`/admin/leads/${ID}`);
    await screen.findByText('Outcome', { selector: 'dt' });
    expect(screen.queryByText('Sold for', { selector: 'dt' })).toBeNull();
  });

  it('names the buyer of each delivery attempt', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(routed));
    renderConsole(`/admin/leads/${ID}`);
    const table = await screen.findByRole('table', { name: 'Delivery attempts, oldest first' });
    expect(cellsOf(table).map((cells) => cells.slice(1, 4))).toEqual([
      ['elmsbrook', '422', 'rejected'],
      ['Vantorra Funding', '200', 'delivered'],
    ]);
  });

  it('says which buyer took a delivered lead', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(routed));
    renderConsole(`/admin/leads/${ID}`);
    expect(await outcome()).toBe('Delivered to Vantorra Funding');
  });

  it.each([
    [
      { status: 'unsold', delivery_reason: 'every buyer refused or could not take it' },
      'Unsold: every buyer refused or could not take it',
    ],
    [{ status: 'held', held_reason: 'consent-revoked' }, 'Held (consent-revoked)'],
    [
      { status: 'dead-lettered', delivery_reason: 'vantorra failed until its retries were spent' },
      'Dead-lettered: vantorra failed until its retries were spent',
    ],
    [{ status: 'queued' }, 'Queued'],
    [{ status: 'delivered', delivered_to: 'corvane', delivered_to_name: null }, 'Delivered to corvane'],
    [{ status: 'delivered', delivered_to: null, delivered_to_name: null }, 'Delivered'],
  ] as const)('outcome of %o', async (change, line) => {
    const base = { ...routed, delivered_to: null, delivered_to_name: null, delivered_at: null };
    stubServer(signedInAs(OPERATOR), leadServer({ ...base, ...change }));
    renderConsole(`/admin/leads/${ID}`);
    expect(await outcome()).toBe(line);
  });

  it('says when no buyer was considered yet, and when there are no returns or revocations', async () => {
    stubServer(signedInAs(OPERATOR), leadServer({ ...routed, path: [], attempts: [] }));
    renderConsole(`/admin/leads/${ID}`);
    const path = within(await screen.findByRole('region', { name: 'Path through the buyers' }));
    expect(path.getByText('No buyer has been considered for this lead yet.')).toBeTruthy();
    const returns = within(screen.getByRole('region', { name: 'Returns and revocations' }));
    expect(returns.getByText('No buyer returned this lead.')).toBeTruthy();
    expect(returns.getByText('No buyer has been told of a revocation.')).toBeTruthy();
  });

  it('shows returns and revocation events: sent, or the attempts so far', async () => {
    stubServer(
      signedInAs(OPERATOR),
      leadServer({
        ...routed,
        returns: [
          {
            buyer_id: 'vantorra',
            buyer_name: 'Vantorra Funding',
            reason: 'disconnected_phone',
            returned_at: '2026-11-27T10:00:00.000Z',
          },
        ],
        revocations: [
          {
            buyer_id: 'vantorra',
            buyer_name: 'Vantorra Funding',
            cause: 'opt-out',
            created_at: '2026-11-27T11:00:00.000Z',
            attempts: 3,
            sent_at: null,
          },
          {
            buyer_id: 'corvane',
            buyer_name: null,
            cause: 'opt-out',
            created_at: '2026-11-27T11:00:00.000Z',
            attempts: 1,
            sent_at: '2026-11-27T11:00:01.000Z',
          },
        ],
      }),
    );
    renderConsole(`/admin/leads/${ID}`);
    const returns = await screen.findByRole('table', { name: 'Returns' });
    expect(cellsOf(returns).map((cells) => cells.slice(0, 2))).toEqual([['Vantorra Funding', 'disconnected_phone']]);
    const events = screen.getByRole('table', { name: 'Revocations sent to buyers (lead.revoked)' });
    const rows = cellsOf(events);
    expect(rows[0]).toEqual(['Vantorra Funding', 'opt-out', 'not yet (3 attempts)']);
    expect(rows[1]!.slice(0, 2)).toEqual(['corvane', 'opt-out']);
    expect(rows[1]![2]).not.toContain('not yet');
  });

  it('records a consent revocation once confirmed, says what happened and offers it no more', async () => {
    document.cookie = 'XSRF-TOKEN=console-token';
    const server = stubServer(signedInAs(OPERATOR), leadServer(routed));
    renderConsole(`/admin/leads/${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record consent revocation' }));
    const dialog = screen.getByRole('dialog', { name: 'Record that the visitor revoked consent?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record revocation' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Record consent revocation: revocation sent to 1 buyer. Status now delivered.',
      ),
    );
    const posts = server.callsTo('POST', `/api/admin/leads/${ID}/consent-revocation`);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['x-xsrf-token']).toBe('console-token');
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Record consent revocation' })).toBeNull());
    expect(await screen.findByText('not yet (0 attempts)')).toBeTruthy();
  });

  it('does not offer a revocation for a lead held for one', async () => {
    stubServer(signedInAs(OPERATOR), leadServer({ ...routed, status: 'held', held_reason: 'consent-revoked' }));
    renderConsole(`/admin/leads/${ID}`);
    expect(await outcome()).toBe('Held (consent-revoked)');
    expect(screen.queryByRole('button', { name: 'Record consent revocation' })).toBeNull();
  });
});
