import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftConflict } from '../../../../contracts/flow-studio.ts';
import { MARKETER, renderConsole, signedInAs, stubServer, supportDialogs, type Handler } from '../../stub-server.tsx';
import {
  creatingDraft,
  DRAFT_ID,
  draftOf,
  EMPTY_OVERLAY,
  gettingDraft,
  gettingVersion,
  savingDraft,
} from './editor-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const VERSION_STEP = '/admin/flows/versions/v1/steps/amount';
const DRAFT_STEP = `/admin/flows/drafts/${DRAFT_ID}/steps/amount`;
const HEADING = /^Heading/;

/** The editor's form, once its lazily loaded code is there. */
const findHeading = () => screen.findByRole('textbox', { name: HEADING }, { timeout: 10_000 });
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

/** The editor at step amount of a draft of v1 at revision 3, its saves answered by `handlers`. */
async function openDraftStep(...handlers: Handler[]) {
  const server = stubServer(signedInAs(MARKETER), gettingVersion, gettingDraft(draftOf(EMPTY_OVERLAY, 3)), ...handlers);
  renderConsole(DRAFT_STEP);
  return { server, heading: await findHeading() };
}

describe("a version's step", () => {
  it('is a form generated from the flow schema, labelled in words, its next step a choice of steps', async () => {
    const server = stubServer(signedInAs(MARKETER), gettingVersion);
    renderConsole(VERSION_STEP);
    expect(valueOf(await findHeading())).toBe('How much do you need?');
    expect(valueOf(screen.getByRole('textbox', { name: /^Subheading/ }))).toBe('');
    expect(valueOf(screen.getByRole('spinbutton', { name: /^Progress/ }))).toBe('20');
    const next = screen.getByRole('combobox', { name: 'Next step' });
    expect(valueOf(next)).toBe('loan-purpose');
    expect(within(next).getByRole('option', { name: 'thank-you' })).toBeTruthy();
    expect(valueOf(screen.getByRole('textbox', { name: 'Label' }))).toBe('Amount needed');
    // The slider's own option, as the widget registry declares it.
    expect(valueOf(screen.getByRole('textbox', { name: 'Max label' }))).toBe('$1M+');
    expect(document.title).toBe('Step amount | Acme Funding console');
    // Opening a step changes nothing: no draft is made until the user changes something.
    expect(screen.getByText('No changes yet').getAttribute('role')).toBe('status');
    expect(server.callsTo('POST', '/api/admin/flows/drafts')).toEqual([]);
  });

  it("previews the version's own page, on a phone's width until Desktop is chosen", async () => {
    stubServer(signedInAs(MARKETER), gettingVersion);
    renderConsole(VERSION_STEP);
    await findHeading();
    const preview = screen.getByRole('region', { name: 'Preview' });
    const frame = within(preview).getByTitle('Preview of How much do you need?');
    expect(frame.getAttribute('src')).toBe('/studio-preview/v1/amount');
    expect(frame.style.width).toBe('390px');
    const desktop = within(preview).getByRole('button', { name: 'Desktop' });
    await userEvent.click(desktop);
    expect(desktop.getAttribute('aria-pressed')).toBe('true');
    expect(within(preview).getByTitle('Preview of How much do you need?').style.width).toBe('1280px');
  });

  it("makes a draft at the first change, saves only what differs, and becomes the draft's step keeping the focus", async () => {
    const server = stubServer(signedInAs(MARKETER), gettingVersion, creatingDraft, savingDraft());
    renderConsole(VERSION_STEP);
    const heading = await findHeading();
    await userEvent.clear(heading);
    await userEvent.type(heading, 'How much funding?');
    await waitFor(() => expect(window.location.pathname).toBe(DRAFT_STEP));
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toBe('All changes saved'));
    expect(server.callsTo('POST', '/api/admin/flows/drafts')).toHaveLength(1);
    const saves = server.callsTo('PUT', `/api/admin/flows/drafts/${DRAFT_ID}`);
    expect(saves.at(-1)?.body).toEqual({
      overlay: { ...EMPTY_OVERLAY, steps: { amount: { heading: 'How much funding?' } } },
      revision: saves.length,
    });
    // Debounced: far fewer saves than keys typed.
    expect(saves.length).toBeLessThan(5);
    const field = screen.getByRole('textbox', { name: HEADING });
    expect(field).toBe(document.activeElement);
    expect(valueOf(field)).toBe('How much funding?');
    // The preview now shows the draft, at its latest revision.
    const frames = within(screen.getByRole('region', { name: 'Preview' })).getAllByTitle(/^Preview of/);
    expect(frames.map((frame) => frame.getAttribute('src'))).toContain(`/studio-preview/${DRAFT_ID}/amount`);
  });
});

describe("a field's error texts", () => {
  it('are offered by the rules the field has, and saved by field and rule', async () => {
    const { server } = await openDraftStep(savingDraft());
    const messages = screen.getByRole('group', { name: 'Error messages, by field' });
    const rules = ['required', 'minimum', 'maximum', 'multipleOf'];
    expect(within(messages).getAllByRole('textbox')).toEqual(
      rules.map((rule) => within(messages).getByRole('textbox', { name: rule })),
    );
    await userEvent.type(within(messages).getByRole('textbox', { name: 'minimum' }), 'At least $10,000');
    await waitFor(() => expect(server.callsTo('PUT', '/api/admin/flows/drafts/').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(server.callsTo('PUT', '/api/admin/flows/drafts/').at(-1)?.body).toEqual({
        overlay: { ...EMPTY_OVERLAY, steps: { amount: { errors: { amount: { minimum: 'At least $10,000' } } } } },
        revision: expect.any(Number),
      }),
    );
  });
});

describe('an optional group', () => {
  it('is removed whole only once confirmed, and the focus then goes to the Add that takes its place', async () => {
    supportDialogs();
    const { server } = await openDraftStep(savingDraft());
    const group = 'Error messages, by field';
    const remove = screen.getByRole('button', { name: `Remove ${group}` });
    await userEvent.click(remove);
    const dialog = screen.getByRole('dialog', { name: `Remove ${group}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(remove);
    expect(screen.getByRole('textbox', { name: 'minimum' })).toBeTruthy();
    expect(server.callsTo('PUT', '/api/admin/flows/drafts/')).toEqual([]);

    await userEvent.click(remove);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: `Add ${group}` })));
    expect(screen.queryByRole('textbox', { name: 'minimum' })).toBeNull();
  });
});

describe('a save that fails', () => {
  it("says why with the server's words, and goes again when asked", async () => {
    let failing = true;
    const failingOnce: Handler = ({ method }) => {
      if (method !== 'PUT' || !failing) return undefined;
      failing = false;
      return { status: 503, body: { error: 'unavailable', message: 'The database is not answering.' } };
    };
    const server = stubServer(
      signedInAs(MARKETER),
      gettingVersion,
      gettingDraft(draftOf(EMPTY_OVERLAY, 3)),
      failingOnce,
      savingDraft(),
    );
    renderConsole(DRAFT_STEP);
    await userEvent.type(await findHeading(), '!');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^The database is not answering\./);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/admin/flows/drafts/')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/admin/flows/drafts/')[1]?.body).toEqual({
      overlay: { ...EMPTY_OVERLAY, steps: { amount: { heading: 'How much do you need?!' } } },
      revision: 3,
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe("a draft's step", () => {
  const problem = { pointer: '/steps/amount/heading', message: 'the heading of step amount is required' };

  it('lists the checks’ problems at the top, each a link to its field, which shows it and is marked invalid', async () => {
    stubServer(signedInAs(MARKETER), gettingVersion, gettingDraft(draftOf(EMPTY_OVERLAY, 3, [problem])));
    renderConsole(DRAFT_STEP);
    const heading = await findHeading();
    const list = screen.getByRole('region', { name: 'Problems to fix before publishing' });
    const link = within(list).getByRole('link', { name: problem.message });
    expect(heading.getAttribute('aria-invalid')).toBe('true');
    const described = (heading.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described).toContain(problem.message);
    await userEvent.click(link);
    expect(document.activeElement).toBe(heading);
  });

  it('shows problems returned by a save by their fields', async () => {
    stubServer(
      signedInAs(MARKETER),
      gettingVersion,
      gettingDraft(draftOf(EMPTY_OVERLAY, 3)),
      savingDraft((overlay) => (JSON.stringify(overlay).includes('"heading":null') ? [problem] : [])),
    );
    renderConsole(DRAFT_STEP);
    await userEvent.clear(await findHeading());
    expect(await screen.findByRole('link', { name: problem.message })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: HEADING }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says who changed the draft meanwhile, keeps what was typed, and loads their version when asked', async () => {
    const theirs = draftOf({ ...EMPTY_OVERLAY, steps: { amount: { heading: 'Their heading' } } }, 7);
    const conflict: DraftConflict = {
      error: 'conflict',
      changed_by: 'ann@acme.example',
      changed_at: '2026-12-06T10:05:00Z',
      draft: theirs,
    };
    const refusing: Handler = ({ method }) => (method === 'PUT' ? { status: 409, body: conflict } : undefined);
    const server = stubServer(signedInAs(MARKETER), gettingVersion, gettingDraft(draftOf(EMPTY_OVERLAY, 3)), refusing);
    renderConsole(DRAFT_STEP);
    const heading = await findHeading();
    await userEvent.type(heading, '!');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Changed by ann@acme\.example at .+2026/);
    expect(valueOf(heading)).toBe('How much do you need?!');
    // Nothing more is sent while the conflict stands.
    await userEvent.type(heading, '?');
    expect(server.callsTo('PUT', '/api/admin/flows/drafts/')).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(valueOf(screen.getByRole('textbox', { name: HEADING }))).toBe('Their heading');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps what was typed over theirs when asked, saved from their revision', async () => {
    const conflict: DraftConflict = {
      error: 'conflict',
      changed_by: 'ann@acme.example',
      changed_at: '2026-12-06T10:05:00Z',
      draft: draftOf({ ...EMPTY_OVERLAY, steps: { amount: { heading: 'Their heading' } } }, 7),
    };
    let refused = false;
    const refusingOnce: Handler = ({ method }) => {
      if (method !== 'PUT' || refused) return undefined;
      refused = true;
      return { status: 409, body: conflict };
    };
    const server = stubServer(
      signedInAs(MARKETER),
      gettingVersion,
      gettingDraft(draftOf(EMPTY_OVERLAY, 3)),
      refusingOnce,
      savingDraft(),
    );
    renderConsole(DRAFT_STEP);
    await userEvent.type(await findHeading(), '!');
    await userEvent.click(await screen.findByRole('button', { name: 'Keep my changes' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/admin/flows/drafts/')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/admin/flows/drafts/')[1]?.body).toEqual({
      overlay: { ...EMPTY_OVERLAY, steps: { amount: { heading: 'How much do you need?!' } } },
      revision: 7,
    });
  });
});

describe('the Raw tab', () => {
  it('is a tab of a real tablist, moved to with the arrow keys', async () => {
    await openDraftStep();
    const tabs = within(screen.getByRole('tablist', { name: 'Edit the step' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Form', 'Raw']);
    await userEvent.click(tabs[0]!);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Raw' })).toBeTruthy();
  });

  it('saves the JSON once it parses, and says where and why while it does not', async () => {
    const { server } = await openDraftStep(savingDraft());
    await userEvent.click(screen.getByRole('tab', { name: 'Raw' }));
    const editor = await findJsonEditor();
    replaceText(editor, '{\n  "extends": "business-funding.json",\n  "steps": {\n');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Not saved: line 4, column 1: /);
    replaceText(editor, '{ "extends": "business-funding.json", "steps": { "amount": { "progress": 25 } } }');
    await waitFor(() => expect(server.callsTo('PUT', '/api/admin/flows/drafts/')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/admin/flows/drafts/')[0]?.body).toEqual({
      overlay: { ...EMPTY_OVERLAY, steps: { amount: { progress: 25 } } },
      revision: 3,
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** The CodeMirror editor's text box, in the shadow root it runs in. */
async function findJsonEditor(): Promise<HTMLElement> {
  return waitFor(
    () => {
      const root = document.querySelector('.editor-json')?.shadowRoot;
      const box = root?.querySelector<HTMLElement>('[role="textbox"]');
      if (box == null) throw new Error('no JSON editor yet');
      expect(box.getAttribute('aria-label')).toBe('The draft as JSON');
      return box;
    },
    { timeout: 10_000 },
  );
}

/** Replaces the editor's text as typing would: through CodeMirror's own view of its content. */
function replaceText(box: HTMLElement, text: string) {
  // jsdom has no layout for contenteditable input events: the change goes through the editor's API, as a paste does.
  const view = EditorView.findFromDOM(box);
  if (view === null) throw new Error('no editor view');
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

describe('Publish', () => {
  it('asks the version name, shows a taken name by the field, and opens the published version', async () => {
    supportDialogs();
    let taken = true;
    const publishing: Handler = ({ method, url, body }) => {
      if (method !== 'POST' || url !== `/api/admin/flows/drafts/${DRAFT_ID}/publish`) return undefined;
      const { name } = body as { name: string };
      if (taken) {
        taken = false;
        return { status: 409, body: { error: 'taken', message: `the name ${name} is taken` } };
      }
      return { status: 201, body: { name, path: `/${name}` } };
    };
    stubServer(signedInAs(MARKETER), gettingVersion, gettingDraft(draftOf(EMPTY_OVERLAY, 3)), publishing);
    renderConsole(DRAFT_STEP);
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish this draft' });
    const name = within(dialog).getByRole('textbox', { name: 'Version name' });
    await userEvent.type(name, 'Spring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(/^A version name is lowercase letters/)).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, 'spring');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('the name spring is taken')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/flows/versions/spring'));
  });

  it('is refused while a problem stands, with the list of them', async () => {
    supportDialogs();
    const problem = { pointer: '/steps/amount/heading', message: 'the heading of step amount is required' };
    stubServer(signedInAs(MARKETER), gettingVersion, gettingDraft(draftOf(EMPTY_OVERLAY, 3, [problem])));
    renderConsole(DRAFT_STEP);
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish this draft' });
    expect(within(dialog).queryByRole('textbox', { name: 'Version name' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: problem.message })).toBeTruthy();
  });
});
