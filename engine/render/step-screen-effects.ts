/**
 * What happens around a step screen besides drawing it, one named hook each, in the order StepScreen calls them. In
 * one module rather than one each: they run on every screen, so they ship in the page's first script, where each
 * module costs bytes of its own.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { atom, useStore } from 'jotai';
import type { CompiledFlow } from '../flow/compiled.ts';
import type { Flow, Step } from '../flow/definition.ts';
import { answersFromQuery } from '../flow/navigation.ts';
import type { RecordUpdate } from '../state/atoms.ts';
import { carriesClick, withAttribution } from '../state/attribution.ts';
import type { FormRecord } from '../state/record.ts';
import { whenIdle } from './deferred.ts';
import type { EngineSettings } from './engine-settings.tsx';
import { onFirstVisitorAction } from './first-visitor-action.ts';
import type { FlowEvents } from './flow-events.ts';
import type { WidgetRegistry } from './registry.ts';
import { fillFromAnswers } from './step-text.ts';
import { loadLaterValidators } from './step-validators.ts';
import { useWentBack } from './use-flow-navigation.ts';

type SetRecord = (update: RecordUpdate) => void;

/**
 * Whether the page has shown a step screen yet. An atom, so the answer lives in the page's jotai store (the Provider
 * round each page's tree, its prerender, or a test's render) rather than in this module, which outlives a tree and
 * would tell a second one it is not the first. Read and set through the store, without subscribing: setting it must
 * not render the screen again.
 */
const screenShownAtom = atom(false);

/**
 * A new screen slides in, starts at the top and focuses its heading; a page load's first screen stays as drawn, as
 * decision 055 asks (docs/decisions/055-focus-on-new-screens.md). `pathname`: the screen's address; `mustRestart`: the
 * screen only sends the visitor to the start, shows nothing, and the start screen it leads to is still the first the
 * visitor sees.
 */
export function useScreenEntrance(pathname: string, mustRestart: boolean) {
  const store = useStore();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Only a screen that replaces another slides in: the one the page opens on is drawn in place, as the server sent it
  // (its heading is the page's largest paint, which a slide from off-screen would hold back).
  const [entering] = useState(() => store.get(screenShownAtom));
  // The one the page opened on keeps the browser's position, as the visitor may have scrolled the prerendered page
  // before its script arrived, and the focus where the visitor put it. A new screen's heading takes the focus so a
  // screen reader reads the question and Tab goes on from there.
  useLayoutEffect(() => {
    if (mustRestart) return;
    if (store.get(screenShownAtom)) {
      window.scrollTo(0, 0);
      headingRef.current?.focus({ preventScroll: true });
    }
    store.set(screenShownAtom, true);
  }, [pathname, mustRestart, store]);
  return { headingRef, entering };
}

/** The tab's title names the step, as a screen reader and the browser's history show it (decision 055). */
export function useDocumentTitle(step: Step, answers: FormRecord, productName: string): void {
  useEffect(() => {
    document.title = `${fillFromAnswers(step.title ?? step.heading, answers)} | ${productName}`;
  }, [step, answers, productName]);
}

/** The start step's script carries only what it needs; the next steps' code is fetched once the visitor acts. */
export function usePreloadNextSteps(compiled: CompiledFlow, isStart: boolean, registry: WidgetRegistry): void {
  useEffect(() => {
    if (!isStart) return undefined;
    return onFirstVisitorAction(() => {
      // The next step needs the validators at once; the later widgets wait for an idle moment, so evaluating them
      // does not hold up the first change of step.
      void loadLaterValidators(compiled).then(() => whenIdle(() => void registry.preload()));
    });
  }, [isStart, compiled, registry]);
}

/**
 * The flow's listeners (the site's analytics) hear which steps were shown and which the visitor went back from; a
 * move on is told by the step's submit. `mustRestart`: the screen only sends the visitor to the start; it was never
 * shown, so nothing is told.
 */
export function useReportStepVisit(events: FlowEvents, flow: Flow, stepId: string, mustRestart: boolean): void {
  useEffect(() => {
    if (!mustRestart) events.stepViewed({ flow: flow.id, version: flow.version, stepId });
  }, [events, flow, stepId, mustRestart]);
  useWentBack(() => {
    if (!mustRestart) events.stepLeft({ flow: flow.id, version: flow.version, stepId }, 'back');
  });
}

/**
 * A link may carry answers (the flow's `query`): they are stored as the screen opens, as if the visitor gave them.
 * `keeps`: whether the screen stores what the visit arrived with.
 */
export function useAnswersFromQuery(query: Flow['query'], search: string, keeps: boolean, setRecord: SetRecord): void {
  useEffect(() => {
    const fromQuery = answersFromQuery(query, search);
    if (!keeps || Object.keys(fromQuery).length === 0) return;
    setRecord((previous) => ({ ...previous, ...fromQuery }));
  }, [query, search, keeps, setRecord]);
}

/**
 * A click's parameters are kept at once: the visitor may leave before answering and come back without them. An
 * arrival without any waits for the first answer, so a mere look at the page stores nothing. `landing`: where the
 * visit came from (none in the prerender); `keeps`: whether the screen stores it.
 */
export function useKeepClickAttribution(
  landing: EngineSettings['arrival'],
  keeps: boolean,
  setRecord: SetRecord,
): void {
  useEffect(() => {
    if (landing === undefined || !keeps) return;
    setRecord((previous) =>
      previous === null && !carriesClick(landing) ? previous : withAttribution(previous, landing),
    );
  }, [landing, keeps, setRecord]);
}

/**
 * The last step reads the answers once, as it opens, and then clears them from the browser (the flow's `end`).
 * `arrival`: the answers as the step opened, which it goes on showing.
 */
export function useClearAnswersAtEnd(end: boolean | undefined, arrival: FormRecord | null, setRecord: SetRecord): void {
  // A layout effect: it runs in the same task as the change of address, so a Back pressed as the screen appears
  // cannot leave the answers behind (a passive effect waits for the next frame and is dropped if the step unmounts).
  useLayoutEffect(() => {
    if (end && arrival !== null) setRecord(null);
  }, [end, arrival, setRecord]);
}
