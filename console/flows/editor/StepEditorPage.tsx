/**
 * A step in the editor: the form generated from the flow schema (or the Raw tab's JSON), the draft's problems at the
 * top and by their fields, and the step as a visitor sees it. Opened from a version, the first change makes a draft
 * of it and the address becomes the draft's step, in the same editor: the focus and what was typed stay.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../PageHeading.tsx';
import type { FlowsPageProps } from '../flows-page-props.ts';
import { draftPage, versionPage } from '../flows-paths.ts';
import { DraftStatus } from './DraftStatus.tsx';
import { withErrorSlots, withoutEmptyErrorTexts } from './error-slots.ts';
import { keyOf, type EditorKeyState } from './editor-key.ts';
import { draftStepPage, previewAddress, versionPreviewAddress } from './editor-paths.ts';
import { overlayWithStep, resolvedStep, withoutAddedEmpties } from './overlay-diff.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { ProblemList } from './ProblemList.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { RawTab } from './RawTab.tsx';
import { StepForm } from './StepForm.tsx';
import { stepErrorSchema } from './step-problems.ts';
import { Tabs } from './Tabs.tsx';
import { useDraftSession, type DraftSession, type DraftSource } from './use-draft-session.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface StepEditorPageProps extends FlowsPageProps {
  source: DraftSource;
  stepId: string;
}

export function StepEditorPage({ productName, source, stepId }: StepEditorPageProps) {
  const navigate = useNavigate();
  const session = useDraftSession(source, (draft) => {
    // The same editor stays under the draft's address (editor-key.ts): nothing typed is lost.
    const state: EditorKeyState = { editorKey: keyOf(source) };
    void navigate(draftStepPage(draft.id, stepId), { replace: true, state });
  });
  const title = `Step ${stepId}`;
  if (session.state === 'loading') {
    return (
      <>
        <PageHeading title={title} productName={productName} />
        <p role="status">Loading the step…</p>
      </>
    );
  }
  if (session.state === 'failed' || session.base === null) {
    return (
      <>
        <PageHeading title={title} productName={productName} />
        <p role="alert" className="console-error">
          {session.message}
        </p>
      </>
    );
  }
  return <StepEditor productName={productName} session={session} stepId={stepId} title={title} />;
}

interface StepEditorProps {
  productName: string;
  session: DraftSession;
  stepId: string;
  title: string;
}

function StepEditor({ productName, session, stepId, title }: StepEditorProps) {
  const [tab, setTab] = useState('form');
  const base = session.base!;
  const baseSteps = isObject(base.flow.steps) ? base.flow.steps : {};
  const step = resolvedStep(session.overlay, stepId, baseSteps);
  const { draft } = session;
  const back = draft === null ? versionPage(base.summary.name) : draftPage(draft.id);
  const owner = draft === null ? `version ${base.summary.name}` : `the draft of ${draft.base}`;

  if (step === undefined) {
    return (
      <>
        <PageHeading title={title} productName={productName} />
        <p role="alert" className="console-error">
          There is no step {stepId} in {owner}.
        </p>
        <Link to={back}>All steps of {owner}</Link>
      </>
    );
  }
  const stepIds = Object.keys({ ...baseSteps, ...(isObject(session.overlay.steps) ? session.overlay.steps : {}) });
  const problems = draft?.problems ?? [];
  const route = typeof step.route === 'string' ? step.route : '';
  const heading = typeof step.heading === 'string' && step.heading !== '' ? step.heading : stepId;
  const change = (edited: Json) =>
    session.edit(
      overlayWithStep(session.overlay, stepId, withoutAddedEmpties(withoutEmptyErrorTexts(edited), step), baseSteps),
    );

  return (
    <div className="step-editor">
      <PageHeading title={title} productName={productName}>
        Step {stepId} <span className="console-muted">of {owner}</span>
      </PageHeading>
      <div className="step-editor__actions">
        <Link to={back}>All steps of {owner}</Link>
        <DraftStatus session={session} />
        {draft !== null && <PublishDialog draft={draft} unsaved={session.save !== 'saved'} />}
      </div>
      <ProblemList problems={problems} draftId={draft?.id ?? null} stepId={stepId} />
      <div className="step-editor__columns">
        <Tabs
          label="Edit the step"
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              id: 'form',
              label: 'Form',
              panel: () => (
                <StepForm
                  step={withErrorSlots(step)}
                  stepIds={stepIds}
                  errors={stepErrorSchema(problems, stepId)}
                  onChange={change}
                />
              ),
            },
            { id: 'raw', label: 'Raw', panel: () => <RawTab overlay={session.overlay} onChange={session.edit} /> },
          ]}
        />
        <PreviewPane
          address={draft === null ? versionPreviewAddress(base.summary.name, route) : previewAddress(draft, route)}
          version={String(draft?.revision ?? 'version')}
          heading={heading}
        />
      </div>
    </div>
  );
}
