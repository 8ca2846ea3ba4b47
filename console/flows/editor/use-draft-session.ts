/**
 * A draft being edited: the version it extends (resolved), the overlay as typed here, and the draft as the server last
 * saved it (its revision, its problems, its preview). Every edit is saved ~50 ms after the typing stops, one save at a
 * time, each carrying the revision it was made from. Opened from a version, the first edit creates the draft.
 * A conflict (someone else saved meanwhile) stops saving until the user picks theirs or keeps this one: what was typed
 * stays on screen and unsaved, never dropped.
 */
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { DraftConflict, FlowDraft, FlowVersionDetail } from '../../../contracts/flow-studio.ts';
import { ApiError } from '../../../engine/api/client.ts';
import { consoleCall, failureMessage } from '../../console-api.ts';
import { SessionEndedContext } from '../../use-console-data.ts';
import { conflictOf, createDraft, draftApi, saveDraft, versionApi } from './editor-api.ts';
import { sameJson } from './overlay-diff.ts';

type Json = Record<string, unknown>;

/** Where the editor was opened: a version (no draft yet) or a draft. */
export type DraftSource = { kind: 'version'; name: string } | { kind: 'draft'; id: string };

/**
 * How long the typing must pause before a save goes: long enough to take a burst of keys (a word typed fast, a key
 * held) as one save, short, since the preview waits for the save (docs/decisions/114-studio-preview-timing.md). Keys
 * typed while a save is on its way wait for it and go as one save.
 */
export const SAVE_DELAY_MS = 50;

export type SaveState = 'saved' | 'waiting' | 'saving' | 'failed';

export interface DraftSession {
  state: 'loading' | 'loaded' | 'failed';
  message: string;
  /** The version the draft extends, resolved. */
  base: FlowVersionDetail | null;
  /** The draft as last saved; null until the first change of a version. */
  draft: FlowDraft | null;
  /** The overlay as typed here (ahead of the draft's while a save waits). */
  overlay: Json;
  save: SaveState;
  /** Why the last save failed (the server's words). */
  saveError: string;
  conflict: DraftConflict | null;
  edit: (overlay: Json) => void;
  /** Saves again after a failure. */
  retry: () => void;
  /** The other user's draft replaces what was typed here. */
  takeTheirs: () => void;
  /** What was typed here is saved over theirs. */
  keepMine: () => void;
  /** The draft as another save of it answered (its translations'): the next save is made from its revision. */
  adopt: (draft: FlowDraft) => void;
}

export function useDraftSession(source: DraftSource, onDraftCreated: (draft: FlowDraft) => void): DraftSession {
  const sessionEnded = useContext(SessionEndedContext);
  const [loaded, setLoaded] = useState<{ state: DraftSession['state']; message: string }>({
    state: 'loading',
    message: '',
  });
  const [base, setBase] = useState<FlowVersionDetail | null>(null);
  const [draft, setDraft] = useState<FlowDraft | null>(null);
  const [overlay, setOverlay] = useState<Json>({});
  const [save, setSave] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState('');
  const [conflict, setConflict] = useState<DraftConflict | null>(null);

  // The saver's own state, read by callbacks that outlive a render.
  const draftId = useRef<string | null>(source.kind === 'draft' ? source.id : null);
  const revision = useRef(0);
  const typed = useRef<Json>({});
  const unsaved = useRef<Json | null>(null);
  const inFlight = useRef(false);
  // Saving halts on a conflict until the user decides, and after a failure until they type again or retry.
  const halted = useRef<'conflict' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const created = useRef(onDraftCreated);
  useEffect(() => {
    created.current = onDraftCreated;
  });

  const show = useCallback((next: Json) => {
    typed.current = next;
    setOverlay(next);
  }, []);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) sessionEnded();
      return failureMessage(error);
    },
    [sessionEnded],
  );

  // Loaded once per draft: when the address changes from the version to the draft this editor created, the draft
  // is already here, and the form keeps the focus and what was typed.
  const loadKey = source.kind === 'version' ? `version:${source.name}` : `draft:${source.id}`;
  const wasLoaded = useRef(false);
  useEffect(() => {
    if (source.kind === 'draft' && draftId.current === source.id && wasLoaded.current) return;
    let current = true;
    const load = async () => {
      if (source.kind === 'version') {
        const detail = await consoleCall<FlowVersionDetail>(versionApi(source.name));
        if (!current) return;
        setBase(detail);
      } else {
        const found = await consoleCall<FlowDraft>(draftApi(source.id));
        const detail = await consoleCall<FlowVersionDetail>(versionApi(found.base));
        if (!current) return;
        draftId.current = found.id;
        revision.current = found.revision;
        setDraft(found);
        show(found.overlay);
        setBase(detail);
      }
      wasLoaded.current = true;
      setLoaded({ state: 'loaded', message: '' });
    };
    load().catch((error: unknown) => {
      if (current) setLoaded({ state: 'failed', message: failed(error) });
    });
    return () => {
      current = false;
    };
    // The source is read through loadKey: a new object naming the same source loads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey, failed, show]);

  const flush = useCallback(async (): Promise<void> => {
    if (inFlight.current || halted.current !== null || unsaved.current === null) return;
    inFlight.current = true;
    let sending = unsaved.current;
    unsaved.current = null;
    setSave('saving');
    try {
      if (draftId.current === null) {
        if (source.kind !== 'version') throw new Error('There is no draft to save into.');
        const made = await createDraft(source.name);
        draftId.current = made.id;
        revision.current = made.revision;
        // The draft's own header (`extends`) under what was typed.
        sending = { ...made.overlay, ...sending };
        show({ ...made.overlay, ...typed.current });
        setDraft(made);
        created.current(made);
      }
      const saved = await saveDraft(draftId.current, { overlay: sending, revision: revision.current });
      revision.current = saved.revision;
      setDraft(saved);
      setSaveError('');
    } catch (error: unknown) {
      // Nothing typed is lost: what failed waits to go again, unless something typed since replaces it.
      unsaved.current ??= sending;
      const clash = conflictOf(error);
      halted.current = clash === undefined ? 'failed' : 'conflict';
      if (clash === undefined) setSaveError(failed(error));
      else setConflict(clash);
    } finally {
      inFlight.current = false;
    }
    if (halted.current !== null) setSave('failed');
    else if (unsaved.current === null) setSave('saved');
    else void flush();
  }, [source, failed, show]);

  const edit = useCallback(
    (next: Json) => {
      if (sameJson(typed.current, next)) return;
      show(next);
      unsaved.current = next;
      if (halted.current === 'failed') halted.current = null;
      if (halted.current === null) setSave('waiting');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush, show],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  const retry = useCallback(() => {
    halted.current = null;
    void flush();
  }, [flush]);

  const takeTheirs = useCallback(() => {
    if (conflict === null) return;
    revision.current = conflict.draft.revision;
    unsaved.current = null;
    halted.current = null;
    setDraft(conflict.draft);
    show(conflict.draft.overlay);
    setConflict(null);
    setSave('saved');
  }, [conflict, show]);

  const keepMine = useCallback(() => {
    if (conflict === null) return;
    revision.current = conflict.draft.revision;
    unsaved.current ??= typed.current;
    halted.current = null;
    setConflict(null);
    void flush();
  }, [conflict, flush]);

  const adopt = useCallback((saved: FlowDraft) => {
    revision.current = saved.revision;
    setDraft(saved);
  }, []);

  return {
    ...loaded,
    base,
    draft,
    overlay,
    save,
    saveError,
    conflict,
    edit,
    retry,
    takeTheirs,
    keepMine,
    adopt,
  };
}
