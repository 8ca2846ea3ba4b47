/**
 * The editor's pages as routes of the Flows pages (../FlowsRoutes.tsx): a version's step, a draft's step and a draft.
 * Small by design: the pages themselves (rjsf, the step schema and its precompiled validators, the JSON editor) load
 * only when one is opened, so the rest of the console does not carry them.
 *
 * A version's step and a draft's step are one editor, keyed by where it was opened (editor-key.ts), so the first
 * change, which makes a draft and moves to the draft's step, keeps the same editor, its focus and what is typed.
 */
import './editor.css';
import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { FlowsPageProps } from '../flows-page-props.ts';
import { keyOf, type EditorKeyState } from './editor-key.ts';
import type { DraftSource } from './use-draft-session.ts';

const StepEditorPage = lazy(() =>
  import('./StepEditorPage.tsx').then((module) => ({ default: module.StepEditorPage })),
);
const DraftPage = lazy(() => import('./DraftPage.tsx').then((module) => ({ default: module.DraftPage })));

const loading = <p role="status">Loading the editor…</p>;

export function StepEditorRoute(props: FlowsPageProps) {
  const { name, id, stepId = '' } = useParams();
  const state = useLocation().state as Partial<EditorKeyState> | null;
  const source: DraftSource = id === undefined ? { kind: 'version', name: name ?? '' } : { kind: 'draft', id };
  return (
    <Suspense fallback={loading}>
      <StepEditorPage key={state?.editorKey ?? keyOf(source)} {...props} source={source} stepId={stepId} />
    </Suspense>
  );
}

export function DraftRoute(props: FlowsPageProps) {
  const id = useParams().id ?? '';
  return (
    <Suspense fallback={loading}>
      <DraftPage key={id} {...props} id={id} />
    </Suspense>
  );
}
