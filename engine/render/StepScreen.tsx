/** One step of a flow: form heading, progress, the step's heading, its fields or display, and the step buttons. */
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAtom } from 'jotai';
import type { CompiledFlow } from '../flow/compiled.ts';
import { branchTest } from '../flow/compiled.ts';
import { formHeading, mergeQuery, nextStepId, stepPath } from '../flow/navigation.ts';
import type { FormRecord } from '../state/record.ts';
import { withAttribution } from '../state/attribution.ts';
import type { KeywordError } from '../validation/messages.ts';
import { situationMessage } from '../validation/messages.ts';
import type { DisplayContext } from '../widget-contract.ts';
import { useAlerts } from '../alerts/Alerts.tsx';
import { useEngineSettings } from './engine-settings.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { StepButtons } from './StepButtons.tsx';
import { StepForm } from './StepForm.tsx';
import { fillFromAnswers } from './step-text.ts';
import { opensTheDocument, stepBeforePath, useFlowNavigation } from './use-flow-navigation.ts';
import { useStepValidators } from './step-validators.ts';
import { useBackToStart } from './back-to-start.tsx';
import { FIELDS_TURN, HydrateLater } from './hydrate-later.tsx';
import { STEP_HEADING_ID } from './step-heading.ts';
import {
  useAnswersFromQuery,
  useClearAnswersAtEnd,
  useDocumentTitle,
  useKeepClickAttribution,
  usePreloadNextSteps,
  useReportStepVisit,
  useScreenEntrance,
} from './step-screen-effects.ts';

const DEFAULT_BUTTONS = { next: 'Next', previous: 'Previous' } as const;

export function StepScreen({ compiled, stepId }: { compiled: CompiledFlow; stepId: string }) {
  const { flow } = compiled;
  const step = flow.steps[stepId]!;
  const validators = useStepValidators(compiled, stepId);
  const settings = useEngineSettings();
  const alerts = useAlerts();
  const [stored, setRecord] = useAtom(settings.recordAtomFor(flow.storageKey));
  // The last step reads the answers once on arrival and then clears them from the browser.
  const [arrival] = useState(stored);
  const record = step.end ? arrival : stored;
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const { go, back, backTo, leaving } = useFlowNavigation();
  const isStart = stepId === flow.start;
  const mustRestart = record === null && !isStart;
  const startPath = stepPath(flow, flow.steps[flow.start]!);
  const { headingRef, entering } = useScreenEntrance(pathname, mustRestart);

  // Memoised: a new empty record on every render would rerun the effects that depend on the answers.
  const answers = useMemo<FormRecord>(() => record ?? {}, [record]);
  const heading = fillFromAnswers(step.heading, answers);
  useDocumentTitle(step, answers, settings.productName);
  usePreloadNextSteps(compiled, isStart, settings.registry);
  useReportStepVisit(settings.events, flow, stepId, mustRestart);

  // What the visit arrived with is stored by a screen the visitor sees, but not by the last step, which clears it.
  const keepsArrival = !mustRestart && !step.end;
  useAnswersFromQuery(flow.query, search, keepsArrival, setRecord);
  const landing = settings.arrival;
  useKeepClickAttribution(landing, keepsArrival, setRecord);
  const withArrival = (record: FormRecord | null) =>
    landing === undefined ? { ...record } : withAttribution(record, landing);

  useClearAnswersAtEnd(step.end, arrival, setRecord);

  const restart = useCallback(() => {
    setRecord(null);
    // navigate() answers a promise only under a data router, which the engine does not use: nothing to wait for.
    void navigate(startPath + mergeQuery(search), { replace: true });
  }, [setRecord, navigate, startPath, search]);

  const clearAnswers = useCallback(() => setRecord(null), [setRecord]);
  useBackToStart(step.end || step.backToStart ? startPath : null, clearAnswers);

  if (mustRestart) return <Navigate to={startPath + mergeQuery(search)} replace />;

  const saveAnswers = (data: FormRecord) => setRecord((previous) => ({ ...withArrival(previous), ...data }));
  const moveOn = (all: FormRecord) => {
    const target = nextStepId(stepId, step, all, branchTest(validators));
    if (target === undefined) return;
    settings.events.stepLeft({ flow: flow.id, version: flow.version, stepId }, 'advance');
    go(stepPath(flow, flow.steps[target]!));
  };

  /** Saves the step, runs its action if any, and moves on; answers the errors to show when the action refuses. */
  const complete = async (data: FormRecord): Promise<KeywordError[]> => {
    const submitted = { ...data, ...settings.pageAnswers() };
    let all = { ...withArrival(answers), ...submitted };
    saveAnswers(submitted);
    const actionName = step.action;
    const action = actionName === undefined ? undefined : settings.actions[actionName];
    if (action && actionName !== undefined) {
      const result = await action({
        flow,
        stepId,
        answers: all,
        api: settings.api,
        certificateEnabled: settings.certificateEnabled,
        pageUrl: window.location.href,
        now: () => new Date(),
        log: (message, error) => console.warn(message, error instanceof Error ? error.message : ''),
      });
      if (!result.ok) {
        if (result.alert !== undefined) {
          alerts.show(
            'danger',
            situationMessage(flow, stepId, result.alert),
            situationMessage(flow, stepId, 'closeAlert'),
          );
        }
        return result.fieldErrors ?? [];
      }
      saveAnswers(result.answers);
      all = { ...all, ...result.answers };
      settings.events.actionCompleted({ flow: flow.id, version: flow.version, stepId, action: actionName });
    }
    moveOn(all);
    return [];
  };

  /**
   * Previous goes back in the tab's history, except on a screen this document opened with: there the history's entry
   * before is another page (the other language's, or none), so the step before on the visitor's path takes its place.
   * A standalone step has no step before (its own link leads to it): it goes back to where that link was.
   */
  const goBack = () => {
    if (isStart || step.standalone === true || !opensTheDocument()) {
      void back();
      return;
    }
    void stepBeforePath(compiled, stepId, answers).then((path) => {
      settings.events.stepLeft({ flow: flow.id, version: flow.version, stepId }, 'back');
      backTo(path);
    });
  };

  const labels = { ...DEFAULT_BUTTONS, ...flow.buttons, ...step.buttons };
  const previous = labels.previous === false ? undefined : { label: labels.previous, onClick: goBack };
  const next = step.next === undefined || labels.next === false ? undefined : labels.next;

  let body: ReactNode;
  if (step.schema) {
    body = (
      <StepForm
        compiled={compiled}
        validators={validators}
        stepId={stepId}
        answers={answers}
        onSave={saveAnswers}
        onComplete={complete}
        restart={restart}
      >
        {(busy) => (
          <StepButtons
            previous={previous}
            next={next === undefined ? undefined : { label: next, type: 'submit', disabled: busy }}
          />
        )}
      </StepForm>
    );
  } else {
    const Display = step.display ? settings.registry.displays[step.display.widget] : undefined;
    const context: DisplayContext = {
      advance: () => void complete({}),
      setBusy: () => {},
      setFieldError: () => {},
      message: (key) => situationMessage(flow, stepId, key),
      locale: settings.locale,
      touch: () => {},
      save: saveAnswers,
      restart,
      submitting: false,
      record: answers,
      api: settings.api,
      settings: settings.page,
      reportOffer: (offerId) => settings.events.offerOpened({ flow: flow.id, version: flow.version, stepId }, offerId),
    };
    body = (
      <>
        {Display && <Display options={step.display?.options ?? {}} context={context} />}
        <StepButtons
          previous={previous}
          next={next === undefined ? undefined : { label: next, type: 'button', onClick: () => context.advance() }}
        />
      </>
    );
  }

  return (
    <section
      className={['step', entering && 'step--entering', leaving && 'step--leaving'].filter(Boolean).join(' ')}
      aria-labelledby={STEP_HEADING_ID}
    >
      <p className="step__form-heading">{formHeading(flow.formHeading, search)}</p>
      {!step.hideProgress && <ProgressBar value={step.progress} label={situationMessage(flow, stepId, 'progress')} />}
      <h1 ref={headingRef} id={STEP_HEADING_ID} className="step__heading" tabIndex={-1}>
        {heading}
      </h1>
      {step.subheading && <p className="step__subheading">{fillFromAnswers(step.subheading, answers)}</p>}
      {/* A widget whose code has not arrived waits here: the screen's own effects (the end step clearing the answers,
          Back leading to the start) do not wait for it. A prerendered step's fields (one form element) are taken
          over in a task after the rest of the screen. */}
      {step.schema ? (
        <HydrateLater turn={FIELDS_TURN}>{body}</HydrateLater>
      ) : (
        <Suspense fallback={null}>{body}</Suspense>
      )}
      {step.help && <p className="step__help">{step.help}</p>}
    </section>
  );
}
