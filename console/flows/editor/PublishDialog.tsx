/**
 * Publishing a draft: a dialog asking the "Version name" (its address will be /<name>). The server's refusals show by
 * the field (a name taken or reserved) or as the problems that stand; published, the version's page opens with a
 * message and the live link. Refused while the draft has problems: the button says why instead.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { VERSION_NAME_PATTERN, type FlowDraft, type FlowProblem } from '../../../contracts/flow-studio.ts';
import { ApiError } from '../../../engine/api/client.ts';
import { failureMessage } from '../../console-api.ts';
import { versionPage } from '../flows-paths.ts';
import { formatTime } from '../../format.ts';
import { wrapTabInDialog } from './dialog-tab-wrap.ts';
import { conflictOf, publishDraft, refusedProblems } from './editor-api.ts';
import { ProblemList } from './ProblemList.tsx';

/** What the version's page shows after a publish (router state): the message and the live address. */
export interface PublishedNotice {
  published: { name: string; path: string };
}

const NAME_HINT = "Lowercase letters, digits and hyphens, 2 to 40, starting with a letter: the version's address.";

/** The name's problem, found before asking the server (which checks it again); '' when it may be sent. */
function nameProblem(name: string): string {
  if (name === '') return 'Enter a version name.';
  return new RegExp(VERSION_NAME_PATTERN).test(name)
    ? ''
    : 'A version name is lowercase letters, digits and hyphens, 2 to 40, starting with a letter.';
}

export interface PublishDialogProps {
  draft: FlowDraft;
  /** Whether a save is still to be made: publishing waits for it. */
  unsaved: boolean;
}

export function PublishDialog({ draft, unsaved }: PublishDialogProps) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [failure, setFailure] = useState('');
  const [problems, setProblems] = useState<FlowProblem[]>([]);
  const [busy, setBusy] = useState(false);

  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setNameError(problem);
    setFailure('');
    setProblems([]);
    if (problem !== '') return;
    setBusy(true);
    try {
      const summary = await publishDraft(draft.id, { name, revision: draft.revision });
      dialog.current?.close();
      const notice: PublishedNotice = { published: { name: summary.name, path: summary.path } };
      void navigate(versionPage(summary.name), { state: notice });
    } catch (error: unknown) {
      const refused = refusedProblems(error);
      const clash = conflictOf(error);
      const byName =
        error instanceof ApiError &&
        (error.status === 409 || (error.body?.fields ?? []).some(({ field }) => field === 'name'));
      if (refused.length > 0) setProblems(refused);
      else if (clash !== undefined)
        setFailure(
          `Changed by ${clash.changed_by} at ${formatTime(clash.changed_at, true)}: look at their changes, then publish.`,
        );
      else if (byName) setNameError(failureMessage(error));
      else setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const blocked = draft.problems.length > 0;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="console-button console-button--primary"
        disabled={unsaved}
        onClick={() => {
          setNameError('');
          setFailure('');
          setProblems([]);
          dialog.current?.showModal();
        }}
      >
        Publish
      </button>
      <dialog
        ref={dialog}
        className="console-dialog"
        aria-labelledby={titleId}
        onKeyDown={wrapTabInDialog}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <h2 id={titleId}>Publish this draft</h2>
        {blocked ? (
          <>
            <p>It cannot be published while these problems stand:</p>
            <ProblemList problems={draft.problems} draftId={draft.id} title="Problems to fix first" />
            <div className="console-dialog__buttons">
              <button type="button" className="console-button" onClick={close}>
                Close
              </button>
            </div>
          </>
        ) : (
          <form className="console-form" noValidate onSubmit={(event) => void submit(event)}>
            <div className="console-field">
              <label htmlFor={`${titleId}-name`}>Version name</label>
              <input
                id={`${titleId}-name`}
                name="name"
                value={name}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={nameError !== '' || undefined}
                aria-describedby={nameError === '' ? hintId : `${errorId} ${hintId}`}
                onChange={(event) => setName(event.target.value.trim())}
              />
              {nameError !== '' && (
                <p id={errorId} className="console-error">
                  {nameError}
                </p>
              )}
              <p id={hintId} className="console-muted">
                {NAME_HINT}
              </p>
            </div>
            <PublishedLanguages draft={draft} />
            <ProblemList problems={problems} draftId={draft.id} title="Publishing was refused for these problems" />
            {failure !== '' && (
              <p role="alert" className="console-error">
                {failure}
              </p>
            )}
            <div className="console-dialog__buttons">
              <button type="button" className="console-button console-button--quiet" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="console-button console-button--primary" disabled={busy}>
                {busy ? 'Publishing…' : 'Publish'}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}

/** Which languages the version will be in: English, and each other whose texts are all translated. */
function PublishedLanguages({ draft }: { draft: FlowDraft }) {
  if (draft.languages.length === 0) return null;
  const complete = draft.languages.filter(({ missing }) => missing === 0).map(({ name }) => name);
  const incomplete = draft.languages.filter(({ missing }) => missing > 0);
  return (
    <div className="console-muted">
      <p>In {['English', ...complete].join(' and ')}.</p>
      {incomplete.map((language) => (
        <p key={language.language}>
          Not in {language.name}: {language.missing} {language.missing === 1 ? 'text has' : 'texts have'} no
          translation, so the version will have no address in {language.name}.
        </p>
      ))}
    </div>
  );
}
