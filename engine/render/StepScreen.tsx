/** One step of a flow: form heading, progress, the step's heading, its fields or display, and the step buttons. */
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAtom } from 'jotai';
import type { CompiledFlow } from '../flow/compiled.ts';
import { branchTest } from '../flow/compiled.ts';
import { answersFromQuery, formHeading, mergeQuery, nextStepId, stepPath } from '../flow/navigation.ts';
import type { FormRecord } from '../state/record.ts';
import type { FormContext } from '../widget-contract.ts';
import { useEngineSettings } from './engine-settings.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { StepButtons } from './StepButtons.tsx';
import { StepForm } from './StepForm.tsx';
import { useFlowNavigation } from './use-flow-navigation.ts';

const DEFAULT_BUTTONS = { next: 'Next', previous: 'Previous' } as const;

export function StepScreen({ compiled, stepId }: { compiled: CompiledFlow; stepId: string }) {
  const { flow } = compiled;
  const step = flow.steps[stepId]!;
  const { recordAtomFor, registry, productName } = useEngineSettings();
  const [record, setRecord] = useAtom(recordAtomFor(flow.storageKey));
  const { search, pathname } = useLocation();
  const { go, back, leaving } = useFlowNavigation();
  const isStart = stepId === flow.start;
  const mustRestart = record === null && !isStart;

  // Block body: newer browsers return a promise from scrollTo, which React would take for a cleanup function.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title = `${step.title ?? step.heading} | ${productName}`;
  }, [step, productName]);

  useEffect(() => {
    const fromQuery = answersFromQuery(flow.query, search);
    if (mustRestart || Object.keys(fromQuery).length === 0) return;
    setRecord((previous) => ({ ...previous, ...fromQuery }));
  }, [flow.query, search, mustRestart, setRecord]);

  if (mustRestart) {
    return <Navigate to={stepPath(flow, flow.steps[flow.start]!) + mergeQuery(search)} replace />;
  }

  const answers: FormRecord = record ?? {};
  const saveAnswers = (data: FormRecord) => setRecord((previous) => ({ ...previous, ...data }));
  const complete = (data: FormRecord) => {
    const all = { ...answers, ...data };
    saveAnswers(data);
    const target = nextStepId(stepId, step, all, branchTest(compiled));
    if (target !== undefined) go(stepPath(flow, flow.steps[target]!));
  };
  const labels = { ...DEFAULT_BUTTONS, ...flow.buttons, ...step.buttons };
  const previous = labels.previous === false ? undefined : { label: labels.previous, onClick: back };
  const next = step.next === undefined ? undefined : labels.next;

  let body: ReactNode;
  if (step.schema) {
    body = (
      <StepForm compiled={compiled} stepId={stepId} answers={answers} onSave={saveAnswers} onComplete={complete}>
        {(busy) => <StepButtons previous={previous} next={next === undefined ? undefined : { label: next, type: 'submit', disabled: busy }} />}
      </StepForm>
    );
  } else {
    const Display = step.display ? registry.displays[step.display.widget] : undefined;
    const context: FormContext = { advance: () => complete({}), setBusy: () => {}, record: answers };
    body = (
      <>
        {Display && <Display options={step.display?.options ?? {}} context={context} />}
        <StepButtons previous={previous} next={next === undefined ? undefined : { label: next, type: 'button', onClick: context.advance }} />
      </>
    );
  }

  return (
    <section className={leaving ? 'step step--leaving' : 'step'} aria-labelledby="step-heading">
      <p className="step__form-heading">{formHeading(flow.formHeading, search)}</p>
      {!step.hideProgress && <ProgressBar value={step.progress} label="Progress" />}
      <h1 id="step-heading" className="step__heading" tabIndex={-1}>
        {step.heading}
      </h1>
      {step.subheading && <p className="step__subheading">{step.subheading}</p>}
      {body}
      {step.help && <p className="step__help">{step.help}</p>}
    </section>
  );
}
