import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, MARKETER, renderConsole, signedInAs, stubServer, supportDialogs } from '../../stub-server.tsx';
import { DRAFT_ID, draftOf, EMPTY_OVERLAY, gettingDraft, gettingVersion, savingDraft } from './editor-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const DRAFT_PAGE = `/admin/flows/drafts/${DRAFT_ID}`;

const findSteps = async () =>
  within(await screen.findByRole('region', { name: 'Steps' }, { timeout: 10_000 })).getAllByRole('listitem');

/** The draft page of a draft of v1 at revision 2, opened by this user, its saves answered. */
async function openDraft(user = MARKETER) {
  const server = stubServer(signedInAs(user), gettingVersion, gettingDraft(draftOf(EMPTY_OVERLAY, 2)), savingDraft());
  const page = renderConsole(DRAFT_PAGE);
  await findSteps();
  return { server, page };
}

const lastSave = (server: ReturnType<typeof stubServer>) =>
  server.callsTo('PUT', `/api/admin/flows/drafts/${DRAFT_ID}`).at(-1)?.body as { overlay: Record<string, unknown> };

describe("a draft's page", () => {
  it('lists the steps in flow order, each a link naming its id and heading', async () => {
    await openDraft();
    const steps = await findSteps();
    const links = steps.map((step) => within(step).getByRole('link'));
    expect(links[0]?.textContent).toMatch(/^start: /);
    expect(links[1]?.textContent).toBe('amount: How much do you need?');
    expect(links[1]?.getAttribute('href')).toBe(`/admin/flows/drafts/${DRAFT_ID}/steps/amount`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Draft of v1');
  });

  it('adds a copy of a step after another and saves it', async () => {
    const { server } = await openDraft();
    const form = screen.getByRole('region', { name: 'Add a step' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Step id' }), 'industry-detail');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'A copy of step' }), 'amount');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'After step' }), 'amount');
    await userEvent.click(within(form).getByRole('button', { name: 'Add step' }));
    await waitFor(() => expect(lastSave(server)).toBeDefined());
    const steps = lastSave(server).overlay.steps as Record<string, Record<string, unknown>>;
    expect(steps.amount).toEqual({ next: 'industry-detail' });
    expect(steps['industry-detail']).toMatchObject({ route: 'industry-detail', next: 'loan-purpose' });
    expect((await findSteps()).map((step) => within(step).getByRole('link').textContent)[2]).toBe(
      'industry-detail: How much do you need?',
    );
  });

  it('refuses a step id that is taken or malformed, by the field', async () => {
    await openDraft();
    const form = screen.getByRole('region', { name: 'Add a step' });
    const id = within(form).getByRole('textbox', { name: 'Step id' });
    await userEvent.type(id, 'amount');
    await userEvent.click(within(form).getByRole('button', { name: 'Add step' }));
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(id.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'There is a step amount already.',
    );
  });

  it('removes a step once confirmed, the step before it leading on, and gives the focus to the list of steps', async () => {
    supportDialogs();
    const { server } = await openDraft();
    await userEvent.click(screen.getByRole('button', { name: 'Remove loan-purpose' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove step loan-purpose?' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(lastSave(server)).toBeDefined());
    expect(lastSave(server).overlay.steps).toEqual({ 'loan-purpose': null, amount: { next: 'loan-timing' } });
    expect(screen.queryByRole('button', { name: 'Remove loan-purpose' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Steps' }));
  });

  it("shows the consent text read-only to a marketer, and an admin's to change", async () => {
    const marketers = await openDraft();
    const text = screen.getByRole('textbox', { name: 'Consent text' });
    expect(text.hasAttribute('readonly')).toBe(true);
    marketers.page.unmount();
    vi.unstubAllGlobals();

    const { server } = await openDraft(ADMIN);
    const editable = screen.getByRole('textbox', { name: 'Consent text' });
    expect(editable.hasAttribute('readonly')).toBe(false);
    await userEvent.type(editable, ' More.');
    await waitFor(() => expect(lastSave(server)).toBeDefined());
    expect((lastSave(server).overlay.consent as { text: string }).text).toMatch(/ More\.$/);
  });
});
