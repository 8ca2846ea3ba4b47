import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowVersionList } from '../../../contracts/flow-studio.ts';
import {
  ADMIN,
  MARKETER,
  OPERATOR,
  getting,
  renderConsole,
  signedInAs,
  stubServer,
  type Handler,
} from '../stub-server.tsx';
import { DRAFT, LIST, OLD, SPRING, V1, V2 } from './flow-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const listing = (list: FlowVersionList = LIST) => getting('/api/admin/flows', list);

/** PUT /api/admin/flows/split answers `status` with `body`. */
const splitAnswers =
  (status: number, body?: unknown): Handler =>
  ({ method, url }) =>
    method === 'PUT' && url === '/api/admin/flows/split' ? { status, body } : undefined;

/** A table's rows below its header, each as the text of its cells. */
function rowsOf(name: string): string[][] {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent ?? '',
      ),
    );
}

/** Types these weights into the split test's form and saves them; answers the form's part of the page. */
async function saveWeights(weights: Record<string, string>) {
  const user = userEvent.setup();
  const form = within(screen.getByRole('region', { name: 'Split test of /' }));
  for (const [name, value] of Object.entries(weights)) {
    await user.clear(form.getByLabelText(name));
    await user.type(form.getByLabelText(name), value);
  }
  await user.click(form.getByRole('button', { name: 'Save weights' }));
  return form;
}

async function openFlows() {
  renderConsole('/admin/flows');
  await screen.findByRole('table', { name: 'Versions' });
}

describe('the Flows page', () => {
  it.each([ADMIN, OPERATOR, MARKETER])(
    "is in the header of every role ($role's too) and opens from it",
    async (user) => {
      stubServer(signedInAs(user), listing());
      renderConsole('/admin/counts');
      const nav = await screen.findByRole('navigation', { name: 'Console' });
      await userEvent.setup().click(within(nav).getByRole('link', { name: 'Flows' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Flows' })).toBeTruthy();
      expect(within(nav).getByRole('link', { name: 'Flows' }).getAttribute('aria-current')).toBe('page');
      expect(document.title).toBe('Flows | Acme Funding console');
    },
  );

  it('lists every version with its status, base, publisher, weight and numbers', async () => {
    stubServer(signedInAs(OPERATOR), listing());
    await openFlows();
    const rows = rowsOf('Versions');
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['v1', 'In split test', '—'],
      ['v2', 'Live', 'v1'],
      ['spring-promo', 'In split test', 'v1'],
      ['old-promo', expect.stringMatching(/^Retired Dec 3, 2026/), 'v2'],
    ]);
    expect(rows[0]!.slice(3)).toEqual(['A file in flows/', '70', '200', '25', '12.5 %', '$1,250.00', '$6.25']);
    expect(rows[2]!.slice(3)).toEqual([
      expect.stringMatching(/^mk@acme\.example, Dec 1, 2026/),
      '30',
      '40',
      '2',
      '5.0 %',
      '$480.00',
      '$12.00',
    ]);
    // No visitor: no rate to give.
    expect(rows[3]!.at(-1)).toBe('—');
  });

  it('orders the versions best first by leads or revenue per visitor from those columns, and back by version', async () => {
    stubServer(signedInAs(OPERATOR), listing());
    await openFlows();
    const user = userEvent.setup();
    const names = () => rowsOf('Versions').map((row) => row[0]);
    const header = (name: string) => screen.getByRole('button', { name }).closest('th')!;
    expect(names()).toEqual(['v1', 'v2', 'spring-promo', 'old-promo']);

    await user.click(screen.getByRole('button', { name: 'Revenue per visitor' }));
    // $12.00, $6.25, $0.00, then the version without a visitor.
    expect(names()).toEqual(['spring-promo', 'v1', 'v2', 'old-promo']);
    expect(header('Revenue per visitor').getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('button', { name: 'Revenue per visitor' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Leads per visitor' }));
    expect(names()).toEqual(['v1', 'spring-promo', 'v2', 'old-promo']);
    expect(header('Leads per visitor').getAttribute('aria-sort')).toBe('descending');
    expect(header('Revenue per visitor').hasAttribute('aria-sort')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Version' }));
    expect(names()).toEqual(['v1', 'v2', 'spring-promo', 'old-promo']);
  });

  it('names the live version ahead by each measure beside the split test', async () => {
    stubServer(signedInAs(OPERATOR), listing());
    await openFlows();
    const region = within(screen.getByRole('region', { name: 'Split test of /' }));
    const fact = (term: string) => region.getByText(term).nextElementSibling?.textContent;
    expect(fact('Ahead by leads per visitor')).toBe('v1, 12.5 %');
    // Two sales: its revenue per visitor leads, and the page says how little that rests on.
    expect(fact('Ahead by revenue per visitor')).toBe('spring-promo, $12.00 (95 % interval: none yet, under 10 sales)');
  });

  it("names the versions tied ahead together, without an interval that is each one's own", async () => {
    const tied = { ...V2, visitors: 200, leads: 25, conversion: 0.125, revenue_per_visitor: V1.revenue_per_visitor };
    stubServer(signedInAs(OPERATOR), listing({ ...LIST, versions: [V1, tied, SPRING, OLD] }));
    await openFlows();
    const region = within(screen.getByRole('region', { name: 'Split test of /' }));
    const fact = (term: string) => region.getByText(term).nextElementSibling?.textContent;
    expect(fact('Ahead by leads per visitor')).toBe('v1 and v2, 12.5 %');
    expect(fact('Ahead by revenue per visitor')).toBe('spring-promo, $12.00 (95 % interval: none yet, under 10 sales)');
  });

  it("names each version's link after it, leading to its page", async () => {
    stubServer(signedInAs(OPERATOR), listing());
    await openFlows();
    const table = screen.getByRole('table', { name: 'Versions' });
    for (const version of [V1, V2, SPRING, OLD]) {
      expect(within(table).getByRole('link', { name: version.name }).getAttribute('href')).toBe(
        `/admin/flows/versions/${version.name}`,
      );
    }
  });

  it('lists the drafts with their base, who changed them last and when, and a link to each', async () => {
    stubServer(signedInAs(MARKETER), listing());
    await openFlows();
    expect(rowsOf('Drafts being edited')).toEqual([
      ['Open draft of v2', 'v2', 'mk@acme.example', expect.stringMatching(/^Dec 5, 2026/)],
    ]);
    expect(screen.getByRole('link', { name: 'Open draft of v2' }).getAttribute('href')).toBe(
      `/admin/flows/drafts/${DRAFT.id}`,
    );
  });

  it('says when no draft is being edited', async () => {
    stubServer(signedInAs(MARKETER), listing({ ...LIST, drafts: [] }));
    await openFlows();
    expect(screen.getByText('No draft is being edited. Open a version and its steps to start one.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Drafts being edited' })).toBeNull();
  });

  it('shows loading, then a failure with Try again, which asks again', async () => {
    let answer = 503;
    const server = stubServer(signedInAs(OPERATOR), ({ method, url }) =>
      method === 'GET' && url === '/api/admin/flows'
        ? answer === 200
          ? { status: 200, body: LIST }
          : { status: answer, body: { error: 'unavailable', message: 'The database is not answering.' } }
        : undefined,
    );
    renderConsole('/admin/flows');
    expect((await screen.findByText('Loading the flows…')).getAttribute('role')).toBe('status');
    expect((await screen.findByRole('alert')).textContent).toBe('The database is not answering.');
    answer = 200;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Versions' })).toBeTruthy();
    expect(server.callsTo('GET', '/api/admin/flows')).toHaveLength(2);
  });
});

describe('the split test form', () => {
  it.each([ADMIN, MARKETER])('offers the $role a weight for each live version, labelled by its name', async (user) => {
    stubServer(signedInAs(user), listing());
    await openFlows();
    const form = within(screen.getByRole('region', { name: 'Split test of /' }));
    expect(form.getAllByRole('spinbutton').map((field) => (field as HTMLInputElement).value)).toEqual([
      '70',
      '0',
      '30',
    ]);
    expect(form.getByLabelText<HTMLInputElement>('v1').value).toBe('70');
    expect(form.getByLabelText<HTMLInputElement>('spring-promo').value).toBe('30');
    // A retired version takes no part.
    expect(form.queryByLabelText('old-promo')).toBeNull();
    expect(form.getByRole('button', { name: 'Save weights' })).toBeTruthy();
  });

  it('saves the weights typed and shows the list as it now is', async () => {
    const server = stubServer(
      signedInAs(MARKETER),
      listing(),
      splitAnswers(200, { weights: { v1: 50, v2: 0, 'spring-promo': 50 } }),
    );
    await openFlows();
    const form = await saveWeights({ v1: '50', 'spring-promo': '50' });
    await waitFor(() => expect(form.getByText('The weights are saved.')).toBeTruthy());
    expect(server.callsTo('PUT', '/api/admin/flows/split').map((call) => call.body)).toEqual([
      { weights: { v1: 50, v2: 0, 'spring-promo': 50 } },
    ]);
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/flows')).toHaveLength(2));
  });

  it('shows the weights the server refuses by their fields, and its message', async () => {
    stubServer(
      signedInAs(ADMIN),
      listing(),
      splitAnswers(422, {
        error: 'invalid_weights',
        message: 'The weights were refused (weights.v1 must be above 0 while v1 is the start of /)',
        fields: [{ field: 'weights.v1', keyword: 'minimum', message: 'must be above 0 while v1 is the start of /' }],
      }),
    );
    await openFlows();
    const form = await saveWeights({ v1: '0' });
    expect((await form.findByRole('alert')).textContent).toBe(
      'The weights were refused (weights.v1 must be above 0 while v1 is the start of /)',
    );
    const v1 = form.getByLabelText('v1');
    expect(v1.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(v1)).toBe('must be above 0 while v1 is the start of /');
    expect(form.getByLabelText('spring-promo').getAttribute('aria-invalid')).toBe('false');
  });

  it('refuses a weight that is not a whole number of 0 or more by its field, sending nothing', async () => {
    const server = stubServer(signedInAs(MARKETER), listing(), splitAnswers(200, {}));
    await openFlows();
    const form = await saveWeights({ 'spring-promo': '2.5' });
    const message = 'The weight of spring-promo must be a whole number, 0 or more.';
    expect((await form.findByRole('alert')).textContent).toBe(message);
    expect(accessibleDescription(form.getByLabelText('spring-promo'))).toBe(message);
    expect(server.callsTo('PUT', '/api/admin/flows/split')).toEqual([]);
  });

  it('shows an operator the weights, read-only', async () => {
    stubServer(signedInAs(OPERATOR), listing());
    await openFlows();
    const part = within(screen.getByRole('region', { name: 'Split test of /' }));
    expect(part.queryByRole('spinbutton')).toBeNull();
    expect(part.queryByRole('button', { name: 'Save weights' })).toBeNull();
    // After the versions ahead, each live version's weight.
    expect(part.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Ahead by leads per visitor',
      'Ahead by revenue per visitor',
      'v1',
      'v2',
      'spring-promo',
    ]);
    expect(
      part
        .getAllByRole('definition')
        .map((value) => value.textContent)
        .slice(2),
    ).toEqual(['70', '0', '30']);
    expect(part.getByText('Admins and marketers change the weights.')).toBeTruthy();
  });
});

/** The text of the elements a field's aria-describedby names. */
function accessibleDescription(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id !== '')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
