import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

const CONSENT_TEXT = 'By clicking "Get my offers" I agree that Acme Funding and its partners may call me.';

const deadLettered: Lead = {
  id: 'lead-7',
  received_at: '2026-11-26T15:04:00.000Z',
  flow: 'funding',
  flow_version: 'v2',
  status: 'dead-lettered',
  held_reason: null,
  delivered_at: null,
  delivered_to: null,
  delivered_to_name: null,
  sold_price: null,
  delivery_reason: 'quillmont failed until its retries were spent',
  name: 'Jane Doe',
  business_name: 'Doe Bakery',
  purged_at: null,
  gpc: false,
  language: 'en',
  answers: {
    business_type: 'Partnership',
    amount: 50000,
    loan_purpose: 'EQUIPMENTPURCHASE',
    email: 'jane@example.com',
  },
  answer_groups: [
    {
      title: 'How much do you need?',
      answers: [{ field: 'amount', label: 'Amount needed', text: '50,000', code: null, unlisted: false }],
    },
    {
      title: 'What are you getting the financing for?',
      answers: [
        {
          field: 'loan_purpose',
          label: 'Purpose of the financing',
          text: 'Equipment purchase',
          code: 'EQUIPMENTPURCHASE',
          unlisted: false,
        },
      ],
    },
  ],
  consent: {
    text: CONSENT_TEXT,
    version: 'consent-3',
    sha256: 'ab12',
    consented_at: '2026-11-26T15:03:58.000Z',
    ip: '203.0.113.9',
    user_agent: 'Mozilla/5.0 (test)',
    page_url: 'https://acme.example/v2/contact',
    certificate_url: 'https://cert.example/abc',
  },
  attempts: [
    {
      attempt: 1,
      attempted_at: '2026-11-26T15:04:01.000Z',
      http_status: 503,
      outcome: 'failed',
      error: 'HTTP 503: lender unavailable',
      duration_ms: 412,
      buyer_id: 'quillmont',
      buyer_name: 'Quillmont Capital',
    },
    {
      attempt: 2,
      attempted_at: '2026-11-26T15:05:01.000Z',
      http_status: null,
      outcome: 'failed',
      error: 'timed out',
      duration_ms: null,
      buyer_id: 'quillmont',
      buyer_name: 'Quillmont Capital',
    },
  ],
  path: [],
  returns: [],
  pings: [],
  revocations: [],
};

/** The lead as the server has it, changed by the actions the page posts. */
function leadServer(initial: Lead): Handler {
  let lead = initial;
  return ({ method, url }) => {
    if (method === 'GET' && url === `/api/admin/leads/${lead.id}`) return { status: 200, body: { lead } };
    if (method === 'POST' && url === `/api/admin/leads/${lead.id}/redeliver`) {
      lead = { ...lead, status: 'queued' };
      return { status: 200, body: { result: 'queued', status: 'queued' } };
    }
    if (method === 'POST' && url === `/api/admin/leads/${lead.id}/hold`) {
      return { status: 409, body: { error: 'conflict', message: 'The lead was delivered meanwhile.' } };
    }
    return undefined;
  };
}

describe("a lead's page", () => {
  it('is titled by the person and the business, in its heading and the document title', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe, Doe Bakery' })).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('Jane Doe, Doe Bakery | Acme Funding console'));
    expect(screen.getByText('Lead id').nextElementSibling?.textContent).toBe('lead-7');
  });

  it("shows the answers under their steps' headings, labelled, with an option's code on hover", async () => {
    stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    const answers = within(await screen.findByRole('region', { name: 'Answers' }));
    expect(answers.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'How much do you need?',
      'What are you getting the financing for?',
    ]);
    const purpose = within(answers.getByRole('group', { name: 'What are you getting the financing for?' }));
    const answer = purpose.getByText('Purpose of the financing').nextElementSibling;
    expect(answer?.textContent).toBe('Equipment purchase');
    expect(purpose.getByText('Equipment purchase').getAttribute('title')).toBe('EQUIPMENTPURCHASE');
    expect(answers.queryByText('EQUIPMENTPURCHASE')).toBeNull();
    expect(answers.queryByText('loan_purpose')).toBeNull();
  });

  it('shows a value its flow version does not offer as stored, and says so', async () => {
    const unlisted = {
      title: 'What are you getting the financing for?',
      answers: [
        {
          field: 'loan_purpose',
          label: 'Purpose of the financing',
          text: 'WORKINGCAPITAL',
          code: null,
          unlisted: true,
        },
      ],
    };
    stubServer(signedInAs(OPERATOR), leadServer({ ...deadLettered, answer_groups: [unlisted] }));
    renderConsole('/admin/leads/lead-7');
    const answers = within(await screen.findByRole('region', { name: 'Answers' }));
    expect(answers.getByText('Purpose of the financing').nextElementSibling?.textContent).toBe(
      'WORKINGCAPITAL (not an option of v2)',
    );
  });

  it('reads sensibly once retention erased its personal data', async () => {
    const purged: Lead = {
      ...deadLettered,
      name: '',
      business_name: '',
      purged_at: '2026-12-27T03:00:00.000Z',
      answers: {},
      answer_groups: [],
    };
    stubServer(signedInAs(OPERATOR), leadServer(purged));
    renderConsole('/admin/leads/lead-7');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: /^Lead received .+ \(personal data erased\)$/,
    });
    expect(heading.textContent).toContain('2026');
    const answers = within(screen.getByRole('region', { name: 'Answers' }));
    expect(answers.getByText(/^Its personal data and answers were erased by retention on .*2026/)).toBeTruthy();
  });

  it('shows the consent evidence as stored and every delivery attempt', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe, Doe Bakery' });
    const consent = within(screen.getByRole('region', { name: 'Consent' }));
    expect(consent.getByText(CONSENT_TEXT).tagName).toBe('BLOCKQUOTE');
    expect(consent.getByText('203.0.113.9')).toBeTruthy();
    expect(consent.getByText('Mozilla/5.0 (test)')).toBeTruthy();
    expect(consent.getByText('https://acme.example/v2/contact')).toBeTruthy();
    expect(consent.getByRole('link', { name: 'Consent certificate' }).getAttribute('href')).toBe(
      'https://cert.example/abc',
    );
    const timeline = screen.getByRole('table', { name: 'Delivery attempts, oldest first' });
    const rows = within(timeline).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Quillmont Capital', '503', 'failed', 'HTTP 503: lender unavailable', '412 ms'],
      ['Quillmont Capital', 'none', 'failed', 'timed out', '—'],
    ]);
  });

  it("says whether the visitor's browser sent the opt-out preference signal", async () => {
    stubServer(signedInAs(OPERATOR), leadServer({ ...deadLettered, gpc: true }));
    renderConsole('/admin/leads/lead-7');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe, Doe Bakery' });
    const consent = within(screen.getByRole('region', { name: 'Consent' }));
    expect(consent.getByText('Opt-out preference signal').nextElementSibling?.textContent).toBe(
      'Sent (Global Privacy Control): buyers receive gpc: true',
    );
    cleanup();
    stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe, Doe Bakery' });
    const without = within(screen.getByRole('region', { name: 'Consent' }));
    expect(without.getByText('Opt-out preference signal').nextElementSibling?.textContent).toBe('Not sent');
  });

  it('says which language the lead was filled in beside its consent, whose text is the one shown in it', async () => {
    stubServer(signedInAs(OPERATOR), leadServer({ ...deadLettered, language: 'es' }));
    renderConsole('/admin/leads/lead-7');
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe, Doe Bakery' });
    const consent = within(screen.getByRole('region', { name: 'Consent' }));
    expect(consent.getByText('Language').nextElementSibling?.textContent).toBe(
      'Spanish (es: the consent text is the one shown in it)',
    );
  });

  it('shows where the lead came from, apart from the answers', async () => {
    const attribution = {
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_campaign: 'spring',
      gclid: 'abc123',
      landing_url: 'https://acme.example/?utm_source=google&utm_campaign=spring&gclid=abc123',
    };
    stubServer(
      signedInAs(OPERATOR),
      leadServer({ ...deadLettered, answers: { ...deadLettered.answers, attribution } }),
    );
    renderConsole('/admin/leads/lead-7');
    const region = within(await screen.findByRole('region', { name: 'Attribution' }));
    expect(region.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual(
      [
        ['utm_source', 'google'],
        ['utm_campaign', 'spring'],
        ['gclid', 'abc123'],
        ['landing_url', attribution.landing_url],
        ['referrer', 'https://www.google.com/'],
      ],
    );
    expect(within(screen.getByRole('region', { name: 'Answers' })).queryByText('attribution')).toBeNull();
  });

  it('says when a lead came without attribution', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    const region = within(await screen.findByRole('region', { name: 'Attribution' }));
    expect(region.getByText('The lead came without attribution.')).toBeTruthy();
  });

  it('offers Redeliver and Hold for a dead-lettered lead, not Release', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    expect(await screen.findByRole('button', { name: 'Redeliver' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hold' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
  });

  it('offers Release for a lead an operator held, and nothing else', async () => {
    stubServer(signedInAs(OPERATOR), leadServer({ ...deadLettered, status: 'held', held_reason: 'operator' }));
    renderConsole('/admin/leads/lead-7');
    expect(await screen.findByRole('button', { name: 'Release' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Redeliver' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold' })).toBeNull();
  });

  it('asks before redelivering: Cancel and Escape do nothing and return focus to the button', async () => {
    const server = stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    const user = userEvent.setup();
    const redeliver = await screen.findByRole('button', { name: 'Redeliver' });
    await user.click(redeliver);
    const dialog = screen.getByRole('dialog', { name: 'Redeliver this lead?' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(redeliver);

    await user.click(redeliver);
    // What the browser does on Escape in a modal dialog.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(redeliver);
    expect(server.callsTo('POST', '/api/admin/leads')).toEqual([]);
  });

  it('keeps Tab within the confirmation, going round its two buttons', async () => {
    stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redeliver' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Redeliver this lead?' }));
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const confirm = dialog.getByRole('button', { name: 'Redeliver' });
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('redelivers once confirmed, says what happened and shows the lead afresh', async () => {
    document.cookie = 'XSRF-TOKEN=console-token';
    const server = stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redeliver' }));
    const dialog = screen.getByRole('dialog', { name: 'Redeliver this lead?' });
    await user.click(within(dialog).getByRole('button', { name: 'Redeliver' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Redeliver: queued. Status now queued.'),
    );
    const posts = server.callsTo('POST', '/api/admin/leads/lead-7/redeliver');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['x-xsrf-token']).toBe('console-token');
    // Loaded again: a queued lead is no longer offered a redelivery.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Redeliver' })).toBeNull());
    expect(server.callsTo('GET', '/api/admin/leads/lead-7')).toHaveLength(2);
  });

  it("shows the server's refusal of an action", async () => {
    stubServer(signedInAs(OPERATOR), leadServer(deadLettered));
    renderConsole('/admin/leads/lead-7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hold' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Hold this lead?' })).getByRole('button', { name: 'Hold' }),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Hold failed: The lead was delivered meanwhile.'),
    );
  });

  it('says so when there is no such lead', async () => {
    stubServer(signedInAs(OPERATOR));
    renderConsole('/admin/leads/missing');
    expect((await screen.findByRole('alert')).textContent).toBe('There is no lead with this id.');
  });
});
