/**
 * /admin/flows/drafts/<id>: a draft's steps in the order a visitor meets them, each a link to its editor; adding a
 * step (a copy of one, so made of widgets the flow already uses, placed after another) and removing one; the consent
 * text, which only an admin may change; the texts it adds or changes in the other languages; the draft's problems;
 * Publish.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmButton } from '../../ConfirmButton.tsx';
import { PageHeading } from '../../PageHeading.tsx';
import { stepLabel, stepsInFlowOrder } from '../flow-steps.ts';
import type { FlowsPageProps } from '../flows-page-props.ts';
import { versionPage } from '../flows-paths.ts';
import { DraftLanguages } from './DraftLanguages.tsx';
import { DraftStatus } from './DraftStatus.tsx';
import { draftStepPage, previewAddress } from './editor-paths.ts';
import { overlayWithSetting, resolvedSteps } from './overlay-diff.ts';
import { ProblemList } from './ProblemList.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { STEP_ID_PATTERN, withStepAdded, withStepRemoved } from './step-changes.ts';
import { useDraftSession, type DraftSession } from './use-draft-session.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function DraftPage({ productName, user, id }: FlowsPageProps & { id: string }) {
  const session = useDraftSession({ kind: 'draft', id }, () => {});
  const title = session.draft === null ? 'Draft' : `Draft of ${session.draft.base}`;
  if (session.state !== 'loaded' || session.base === null || session.draft === null) {
    return (
      <>
        <PageHeading title={title} productName={productName} />
        {session.state === 'failed' ? (
          <p role="alert" className="console-error">
            {session.message}
          </p>
        ) : (
          <p role="status">Loading the draft…</p>
        )}
      </>
    );
  }
  return <DraftSteps session={session} title={title} productName={productName} isAdmin={user.role === 'admin'} />;
}

interface DraftStepsProps {
  session: DraftSession;
  title: string;
  productName: string;
  isAdmin: boolean;
}

function DraftSteps({ session, title, productName, isAdmin }: DraftStepsProps) {
  const draft = session.draft!;
  const base = session.base!;
  const baseSteps = isObject(base.flow.steps) ? base.flow.steps : {};
  const steps = resolvedSteps(session.overlay, baseSteps);
  const start = typeof session.overlay.start === 'string' ? session.overlay.start : base.flow.start;
  const ordered = stepsInFlowOrder({ start, steps });
  const ids = ordered.map((step) => step.id);
  // A removed step's row goes with its Remove button: the focus goes to the list's heading, not to the page.
  const stepsHeading = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <PageHeading title={title} productName={productName} />
      <div className="step-editor__actions">
        <Link to={versionPage(draft.base)}>Version {draft.base}</Link>
        <a href={previewAddress(draft, '')} target="_blank" rel="noreferrer">
          Preview the draft (opens a new tab)
        </a>
        <DraftStatus session={session} />
        <PublishDialog draft={draft} unsaved={session.save !== 'saved'} />
      </div>
      <ProblemList problems={draft.problems} draftId={draft.id} />
      <section aria-labelledby="draft-steps">
        <h2 id="draft-steps" ref={stepsHeading} tabIndex={-1}>
          Steps
        </h2>
        <ol className="draft-steps">
          {ordered.map((step) => (
            <li key={step.id}>
              <Link to={draftStepPage(draft.id, step.id)}>{stepLabel(step)}</Link>
              <ConfirmButton
                label={`Remove ${step.id}`}
                question={`Remove step ${step.id}?`}
                confirm="Remove"
                onConfirm={() => {
                  session.edit(withStepRemoved(session.overlay, baseSteps, ids, step.id));
                  stepsHeading.current?.focus();
                }}
              >
                Visitors will skip it: the steps that led to it lead where it led.
              </ConfirmButton>
            </li>
          ))}
        </ol>
      </section>
      <AddStep stepIds={ids} onAdd={(added) => session.edit(withStepAdded(session.overlay, baseSteps, added))} />
      <ConsentText session={session} isAdmin={isAdmin} />
      <DraftLanguages session={session} isAdmin={isAdmin} />
    </>
  );
}

function AddStep({
  stepIds,
  onAdd,
}: {
  stepIds: readonly string[];
  onAdd: (step: { id: string; copyOf: string; after: string }) => void;
}) {
  const prefix = useId();
  const [id, setId] = useState('');
  const [copyOf, setCopyOf] = useState(stepIds[0] ?? '');
  const [after, setAfter] = useState(stepIds[0] ?? '');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !STEP_ID_PATTERN.test(id)
      ? 'A step id is lowercase letters, digits and hyphens, starting with a letter.'
      : stepIds.includes(id)
        ? `There is a step ${id} already.`
        : '';
    setError(problem);
    if (problem !== '') return;
    onAdd({ id, copyOf, after });
    setId('');
  };
  return (
    <section className="draft-add-step" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>Add a step</h2>
      <form className="console-form" noValidate onSubmit={submit}>
        <div className="console-field">
          <label htmlFor={`${prefix}-id`}>Step id</label>
          <input
            id={`${prefix}-id`}
            value={id}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error !== '' || undefined}
            aria-describedby={error === '' ? undefined : `${prefix}-error`}
            onChange={(event) => setId(event.target.value.trim())}
          />
          {error !== '' && (
            <p id={`${prefix}-error`} className="console-error">
              {error}
            </p>
          )}
        </div>
        <div className="console-field">
          <label htmlFor={`${prefix}-copy`}>A copy of step</label>
          <select id={`${prefix}-copy`} value={copyOf} onChange={(event) => setCopyOf(event.target.value)}>
            {stepIds.map((step) => (
              <option key={step}>{step}</option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor={`${prefix}-after`}>After step</label>
          <select id={`${prefix}-after`} value={after} onChange={(event) => setAfter(event.target.value)}>
            {stepIds.map((step) => (
              <option key={step}>{step}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="console-button">
          Add step
        </button>
      </form>
    </section>
  );
}

/** The consent text visitors agree to: an admin's to change (the server refuses anyone else's change too). */
function ConsentText({ session, isAdmin }: { session: DraftSession; isAdmin: boolean }) {
  const prefix = useId();
  const base = session.base!.flow;
  const consent = isObject(session.overlay.consent)
    ? session.overlay.consent
    : isObject(base.consent)
      ? base.consent
      : undefined;
  if (consent === undefined) return null;
  const text = typeof consent.text === 'string' ? consent.text : '';
  return (
    <section aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>Consent text</h2>
      <div className="console-field">
        <label htmlFor={`${prefix}-text`}>Consent text</label>
        <textarea
          id={`${prefix}-text`}
          rows={6}
          value={text}
          readOnly={!isAdmin}
          aria-describedby={`${prefix}-hint`}
          onChange={(event) =>
            session.edit(overlayWithSetting(session.overlay, 'consent', { ...consent, text: event.target.value }, base))
          }
        />
        <p id={`${prefix}-hint`} className="console-muted">
          {isAdmin
            ? 'A changed text gets a new consent version when the draft is published.'
            : 'Only an admin can change the consent text.'}
        </p>
      </div>
    </section>
  );
}
