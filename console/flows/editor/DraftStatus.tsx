/**
 * Where the draft's saving stands, said politely as it changes ("Saving…", "All changes saved"); a failed save with
 * the server's words and Try again; and a conflict: "Changed by <who> at <time>", with the choice of loading their
 * version or keeping this one (saved over theirs). Until then what was typed here stays on screen, unsaved.
 */
import { formatTime } from '../../format.ts';
import type { DraftSession } from './use-draft-session.ts';

const SAVE_WORDS = {
  saved: 'All changes saved',
  waiting: 'Changes not saved yet',
  saving: 'Saving…',
  failed: 'Changes not saved',
} as const;

export function DraftStatus({ session }: { session: DraftSession }) {
  const { conflict, save, saveError } = session;
  return (
    <>
      <p role="status" className="console-muted editor-save">
        {session.draft === null && save === 'saved' ? 'No changes yet' : SAVE_WORDS[save]}
      </p>
      {conflict !== null && (
        <div role="alert" className="editor-alert">
          <p>
            Changed by {conflict.changed_by} at {formatTime(conflict.changed_at, true)}. Your changes here are not saved
            yet.
          </p>
          <div className="editor-alert__buttons">
            <button type="button" className="console-button" onClick={session.takeTheirs}>
              Load their version
            </button>
            <button type="button" className="console-button console-button--quiet" onClick={session.keepMine}>
              Keep my changes
            </button>
          </div>
        </div>
      )}
      {conflict === null && saveError !== '' && (
        <div role="alert" className="editor-alert">
          <p>{saveError}</p>
          <button type="button" className="console-button" onClick={session.retry}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}
