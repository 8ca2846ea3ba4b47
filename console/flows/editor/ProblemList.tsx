/**
 * A draft's problems listed at the top, in the checks' own sentences ("the heading of step amount is required"): each
 * of the step shown links to its field (and moves the focus there), each of another step links to that step's page.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { FlowProblem } from '../../../contracts/flow-studio.ts';
import { draftStepPage } from './editor-paths.ts';
import { fieldIdOf, pathInStep } from './step-problems.ts';

export interface ProblemListProps {
  problems: readonly FlowProblem[];
  draftId: string | null;
  /** The step on screen, whose problems link to its fields. */
  stepId?: string;
  /** The list's heading. */
  title?: string;
}

/** The step a pointer names (`/steps/amount/heading` → "amount"). */
const stepOf = (pointer: string) => /^\/steps\/([^/]+)/.exec(pointer)?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');

export function ProblemList({
  problems,
  draftId,
  stepId,
  title = 'Problems to fix before publishing',
}: ProblemListProps) {
  const titleId = useId();
  if (problems.length === 0) return null;
  return (
    <section className="editor-problems" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.pointer} ${problem.message}`}>
            <ProblemLink problem={problem} draftId={draftId} stepId={stepId} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProblemLink({ problem, draftId, stepId }: { problem: FlowProblem; draftId: string | null; stepId?: string }) {
  const path = stepId === undefined ? undefined : pathInStep(problem.pointer, stepId);
  if (path !== undefined) {
    const id = fieldIdOf(path);
    return (
      <a
        href={`#${id}`}
        onClick={(event) => {
          const field = document.getElementById(id);
          if (field === null) return;
          event.preventDefault();
          field.focus();
          field.scrollIntoView?.({ block: 'center' });
        }}
      >
        {problem.message}
      </a>
    );
  }
  const other = stepOf(problem.pointer);
  if (other !== undefined && draftId !== null) return <Link to={draftStepPage(draftId, other)}>{problem.message}</Link>;
  return <>{problem.message}</>;
}
