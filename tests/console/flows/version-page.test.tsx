import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Console from '../../../console/Console.tsx';
import type { FlowVersionDetail } from '../../../contracts/flow-studio.ts';
import {
  ADMIN,
  MARKETER,
  OPERATOR,
  getting,
  renderConsole,
  signedInAs,
  stubServer,
  supportDialogs,
  type Handler,
} from '../stub-server.tsx';
import { DRAFT, OLD, SPRING, V1, detailOf } from './flow-fixtures.ts';

beforeAll(supportDialogs);
afterEach(() => vi.unstubAllGlobals());

const SPRING_API = '/api/admin/flows/versions/spring-promo';

/** POST to exactly this path answers `status` with `body`. */
const posting =
  (path: string, status: number, body?: unknown): Handler =>
  ({ method, url }) =>
    method === 'POST' && url === path ? { status, body } : undefined;

/** The version's page, answered `detail` (after a retirement, the version retired). */
function versionAnswers(detail: FlowVersionDetail): Handler {
  let retired = false;
  return ({ method, url }) => {
    if (method === 'POST' && url === `/api/admin/flows/versions/${detail.summary.name}/retire`) {
      retired = true;
      return { status: 200, body: { ...detail.summary, status: 'retired', retired_at: '2026-12-06T18:00:00Z' } };
    }
    if (method !== 'GET' || url !== `/api/admin/flows/versions/${detail.summary.name}`) return undefined;
    const summary = retired
      ? { ...detail.summary, status: 'retired', retired_at: '2026-12-06T18:00:00Z' }
      : detail.summary;
    return { status: 200, body: { ...detail, summary } };
  };
}

async function openVersion(name: string) {
  renderConsole(`/admin/flows/versions/${name}`);
  await screen.findByRole('heading', { level: 2, name: 'Steps' });
}

/** The version's facts: each term with its value. */
const facts = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );

describe("a version's page", () => {
  it('is headed by its name and tells its status, base, publisher and numbers', async () => {
    stubServer(signedInAs(OPERATOR), versionAnswers(detailOf(SPRING)));
    await openVersion('spring-promo');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('spring-promo');
    expect(document.title).toBe('spring-promo | Acme Funding console');
    expect(facts()).toEqual({
      Status: 'In split test',
      Address: '/spring-promo (opens in a new tab)',
      Base: 'v1',
      Languages: 'English',
      Published: expect.stringMatching(/^mk@acme\.example, Dec 1, 2026/),
      'Weight in the split test': '30',
      Visitors: '40',
      Leads: '2',
      'Leads per visitor': '5.0 %',
    });
    expect(screen.getByRole('link', { name: 'Back to the flows' }).getAttribute('href')).toBe('/admin/flows');
  });

  it('links its live page in a new tab, its overlay to download and its funnel', async () => {
    stubServer(signedInAs(OPERATOR), versionAnswers(detailOf(SPRING)));
    await openVersion('spring-promo');
    const live = screen.getByRole('link', { name: '/spring-promo (opens in a new tab)' });
    expect(live.getAttribute('href')).toBe('/spring-promo');
    expect(live.getAttribute('target')).toBe('_blank');
    expect(live.getAttribute('rel')).toContain('noopener');
    const download = screen.getByRole('link', { name: 'Download overlay' });
    expect(download.getAttribute('href')).toBe(`${SPRING_API}/overlay`);
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'See its funnel' }).getAttribute('href')).toBe(
      '/admin/funnel?version=spring-promo',
    );
  });

  it("opens the funnel at the version's steps, compared with the files' versions", async () => {
    const funnel = (version: string) => ({
      version,
      from: '2026-11-07',
      to: '2026-12-06',
      visitors: 4,
      leads: 1,
      conversion: { rate: 0.25, low: 0.05, high: 0.7 },
      revenue: '0.00',
      sold: 0,
      revenue_per_visitor: { mean: 0, low: null, high: null },
      campaigns: [],
      steps: [{ step: 'start', views: 4, advanced: 2, exits: 2, drop_off: 0.5, median_seconds: 3 }],
    });
    const server = stubServer(signedInAs(MARKETER), versionAnswers(detailOf(SPRING)), ({ method, url }) => {
      if (method !== 'GET' || !url.startsWith('/api/admin/funnel?')) return undefined;
      return { status: 200, body: funnel(new URL(url, 'http://x.test').searchParams.get('version') ?? '') };
    });
    await openVersion('spring-promo');
    await userEvent.setup().click(screen.getByRole('link', { name: 'See its funnel' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'spring-promo, step by step' })).toBeTruthy();
    const asked = server
      .callsTo('GET', '/api/admin/funnel?')
      .map((call) => new URL(call.url, 'http://x.test').searchParams.get('version'));
    expect(asked).toEqual(['v1', 'v2', 'v3', 'spring-promo']);
  });

  it('lists its steps in flow order, each a link naming its id and heading to its editor', async () => {
    stubServer(signedInAs(OPERATOR), versionAnswers(detailOf(SPRING)));
    await openVersion('spring-promo');
    const steps = within(screen.getByRole('region', { name: 'Steps' })).getAllByRole('link');
    expect(steps.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['start: What type of business do you own?', '/admin/flows/versions/spring-promo/steps/start'],
      ['alternatives: You may also qualify for these options', '/admin/flows/versions/spring-promo/steps/alternatives'],
      ['amount: How much do you need?', '/admin/flows/versions/spring-promo/steps/amount'],
      ['thanks: Thank you!', '/admin/flows/versions/spring-promo/steps/thanks'],
      // Reached by no Next, and without a heading: after the others, by its id.
      ['callback', '/admin/flows/versions/spring-promo/steps/callback'],
    ]);
  });

  it('says it is published and live when the editor has just published it', async () => {
    stubServer(signedInAs(MARKETER), versionAnswers(detailOf(SPRING)));
    // As the editor's publish leaves the history: its navigation's state under react-router's `usr`.
    window.history.pushState(
      { usr: { published: { name: 'spring-promo', path: '/spring-promo' } }, key: 'published', idx: 0 },
      '',
      '/admin/flows/versions/spring-promo',
    );
    render(
      <BrowserRouter>
        <Console productName="Acme Funding" />
      </BrowserRouter>,
    );
    const message = await screen.findByText(/^spring-promo is published: it is live at/);
    expect(message.textContent).toBe('spring-promo is published: it is live at /spring-promo (opens in a new tab).');
    expect(within(message).getByRole('link').getAttribute('href')).toBe('/spring-promo');
  });

  it('says of a retired version where its new visitors go, and until when those part way through can finish', async () => {
    stubServer(signedInAs(OPERATOR), versionAnswers(detailOf(OLD)));
    await openVersion('old-promo');
    expect(facts().Status).toMatch(/^Retired Dec 3, 2026/);
    expect(
      screen.getByText(/^Closed to new visitors: those who open \/old-promo go to \/\. Visitors part way through/)
        .textContent,
    ).toMatch(/can finish it until Dec 10, 2026/);
  });

  it('says when there is no such version', async () => {
    stubServer(
      signedInAs(OPERATOR),
      getting('/api/admin/flows/versions/nope', { error: 'not_found', message: 'Not found' }, 404),
    );
    renderConsole('/admin/flows/versions/nope');
    expect((await screen.findByRole('alert')).textContent).toBe('There is no version named nope.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('nope');
  });

  it('offers an operator neither a new draft nor retiring', async () => {
    stubServer(signedInAs(OPERATOR), versionAnswers(detailOf(SPRING)));
    await openVersion('spring-promo');
    expect(screen.queryByRole('button', { name: 'New draft from spring-promo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retire' })).toBeNull();
  });
});

describe('a new draft', () => {
  it.each([ADMIN, MARKETER])('is started by the $role from the version and opened', async (user) => {
    const server = stubServer(
      signedInAs(user),
      versionAnswers(detailOf(SPRING)),
      posting('/api/admin/flows/drafts', 201, {
        ...DRAFT,
        base: 'spring-promo',
        overlay: { extends: 'spring-promo' },
        flow: {},
        problems: [],
        preview_path: `/studio-preview/${DRAFT.id}/`,
      }),
    );
    await openVersion('spring-promo');
    await userEvent.setup().click(screen.getByRole('button', { name: 'New draft from spring-promo' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/flows/drafts/${DRAFT.id}`));
    expect(server.callsTo('POST', '/api/admin/flows/drafts').map((call) => call.body)).toEqual([
      { base: 'spring-promo' },
    ]);
  });

  it("shows the server's refusal", async () => {
    stubServer(
      signedInAs(MARKETER),
      versionAnswers(detailOf(SPRING)),
      posting('/api/admin/flows/drafts', 503, { error: 'unavailable', message: 'The database is not answering.' }),
    );
    await openVersion('spring-promo');
    await userEvent.setup().click(screen.getByRole('button', { name: 'New draft from spring-promo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The database is not answering.');
    expect(window.location.pathname).toBe('/admin/flows/versions/spring-promo');
  });
});

describe('retiring', () => {
  it('asks first, saying where new visitors go and that those part way through can finish for 7 days', async () => {
    const server = stubServer(signedInAs(MARKETER), versionAnswers(detailOf(SPRING)));
    await openVersion('spring-promo');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retire' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire spring-promo?' });
    expect(dialog.textContent).toContain('New visitors at /spring-promo will go to / instead');
    expect(dialog.textContent).toContain('can finish it for 7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(server.callsTo('POST', `${SPRING_API}/retire`)).toEqual([]);
  });

  it('retires once confirmed, says so and shows the version retired', async () => {
    const server = stubServer(signedInAs(ADMIN), versionAnswers(detailOf(SPRING)));
    await openVersion('spring-promo');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retire' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire spring-promo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retire spring-promo' }));
    expect(await screen.findByText('spring-promo is retired: new visitors at /spring-promo go to /.')).toBeTruthy();
    await waitFor(() => expect(facts().Status).toMatch(/^Retired Dec 6, 2026/));
    expect(server.callsTo('POST', `${SPRING_API}/retire`)).toHaveLength(1);
    // Retired, it cannot be retired again.
    expect(screen.queryByRole('button', { name: 'Retire' })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    stubServer(
      signedInAs(MARKETER),
      posting(`${SPRING_API}/retire`, 409, { error: 'not_live', message: 'spring-promo is not live.' }),
      versionAnswers(detailOf(SPRING)),
    );
    await openVersion('spring-promo');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retire' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Retire spring-promo?' })).getByRole('button', {
        name: 'Retire spring-promo',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('spring-promo is not live.');
  });

  it.each([V1, OLD])('is not offered for $name, a file version or one already retired', async (version) => {
    stubServer(signedInAs(ADMIN), versionAnswers(detailOf(version)));
    await openVersion(version.name);
    expect(screen.getByRole('button', { name: `New draft from ${version.name}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retire' })).toBeNull();
  });
});
