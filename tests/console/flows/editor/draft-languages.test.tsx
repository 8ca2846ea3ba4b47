/**
 * The draft page's Languages: each language's texts the draft adds or changes, with the English each translates and a
 * field for the translation; saved with the draft's revision, the page then says what is left; the publish dialog says
 * which languages the version will be in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftLanguage, FlowDraft } from '../../../../contracts/flow-studio.ts';
import { MARKETER, renderConsole, signedInAs, stubServer, supportDialogs, type Handler } from '../../stub-server.tsx';
import { DRAFT_ID, draftOf, gettingDraft, gettingVersion, savingDraft } from './editor-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const OVERLAY = { extends: 'business-funding.json', steps: { amount: { heading: 'How much would help?' } } };

const spanish = (text: string | null): DraftLanguage => ({
  language: 'es',
  name: 'Español',
  missing: text === null ? 1 : 0,
  texts: [{ pointer: '/steps/amount/heading', source: 'How much would help?', text }],
});

const withSpanish = (revision: number, text: string | null): FlowDraft => ({
  ...draftOf(OVERLAY, revision),
  languages: [spanish(text)],
});

/** PUT of the translations: saved as sent, one revision on. */
const savingTranslations: Handler = ({ method, url, body }) => {
  if (method !== 'PUT' || url !== `/api/admin/flows/drafts/${DRAFT_ID}/translations`) return undefined;
  const { texts, revision } = body as { texts: Record<string, string>; revision: number };
  return { status: 200, body: withSpanish(revision + 1, texts['/steps/amount/heading'] || null) };
};

describe("a draft's languages", () => {
  it('shows each text to translate with its English, saves the translation, and says nothing is left', async () => {
    const server = stubServer(
      signedInAs(MARKETER),
      gettingVersion,
      gettingDraft(withSpanish(3, null)),
      savingDraft(),
      savingTranslations,
    );
    renderConsole(`/admin/flows/drafts/${DRAFT_ID}`);
    const languages = await screen.findByRole('region', { name: 'Languages' }, { timeout: 10_000 });
    expect(within(languages).getByRole('heading', { level: 3 }).textContent).toBe('Español (1 text to translate)');
    const field = within(languages).getByRole('textbox', { name: 'Step amount: heading in Español' });
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'English: How much would help?',
    );
    await userEvent.type(field, '¿Cuánto le ayudaría?');
    await userEvent.click(within(languages).getByRole('button', { name: 'Save the Español texts' }));
    await waitFor(() =>
      expect(within(languages).getByRole('status').textContent).toBe(
        'Saved: every text translated: published in this language too',
      ),
    );
    expect(server.callsTo('PUT', `/api/admin/flows/drafts/${DRAFT_ID}/translations`)[0]?.body).toEqual({
      language: 'es',
      texts: { '/steps/amount/heading': '¿Cuánto le ayudaría?' },
      revision: 3,
    });
  });

  it('tells in the publish dialog which languages the version will be in', async () => {
    supportDialogs();
    stubServer(signedInAs(MARKETER), gettingVersion, gettingDraft(withSpanish(3, null)), savingDraft());
    renderConsole(`/admin/flows/drafts/${DRAFT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Publish this draft' });
    expect(dialog.textContent).toContain('In English.');
    expect(dialog.textContent).toContain(
      'Not in Español: 1 text has no translation, so the version will have no address in Español.',
    );
  });
});
