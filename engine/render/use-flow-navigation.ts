/** Moving between steps: query parameters kept, and the short leave animation played before the route changes. */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { branchTest, type CompiledFlow } from '../flow/compiled.ts';
import { mergeQuery, previousStepId, stepPath, type BranchTest } from '../flow/navigation.ts';
import type { FormRecord } from '../state/record.ts';
import { useLatest } from './use-latest.ts';

export const LEAVE_ANIMATION_MS = 50;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useFlowNavigation() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = useCallback(
    (path: string) => {
      const to = path + mergeQuery(search);
      // navigate() answers a promise only under a data router, which the engine does not use: nothing to wait for.
      if (prefersReducedMotion()) {
        void navigate(to);
        return;
      }
      setLeaving(true);
      timer.current = setTimeout(() => void navigate(to), LEAVE_ANIMATION_MS);
    },
    [navigate, search],
  );
  const back = useCallback(() => navigate(-1), [navigate]);
  /** Puts `path` in place of this screen's history entry, the query kept: a way back that leaves nothing ahead. */
  const backTo = useCallback(
    (path: string) => void navigate(path + mergeQuery(search), { replace: true }),
    [navigate, search],
  );
  return { go, back, backTo, leaving };
}

/**
 * Whether the screen is the first entry of this document in the tab's history (a link to the step, a reload, the
 * other language's page): going back in the history would leave the form.
 */
export function opensTheDocument(): boolean {
  return historyIndex() === 0;
}

/**
 * The address of the step before `stepId` on the visitor's path, as their answers lead through the flow; the flow's
 * start when the answers do not lead to `stepId`.
 */
export async function stepBeforePath(compiled: CompiledFlow, stepId: string, answers: FormRecord): Promise<string> {
  const { flow } = compiled;
  // A later step renders only once the later steps' validators have arrived: the import answers from the module cache.
  const byStep = { ...compiled.validators, ...(await compiled.laterValidators()) };
  const test: BranchTest = (id, index, values) => branchTest(byStep[id] ?? {})(id, index, values);
  const before = previousStepId(flow, stepId, answers, test) ?? flow.start;
  return stepPath(flow, flow.steps[before]!);
}

/** The browser history entry's place in the tab's history: the router keeps it in the entry's state as `idx`. */
function historyIndex(): number | undefined {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return undefined;
  return typeof state.idx === 'number' ? state.idx : undefined;
}

/**
 * Calls `onBack` once when the calling screen goes away because the visitor went back in the tab's history: the
 * browser's Back or the form's Previous, which goes back the same way. The screen's layout effect is cleaned up as the
 * router commits the new address, whose history entry then stands before the screen's own. A move on, a replace (a
 * restart) or a link elsewhere leaves the entry where it was or after it.
 */
export function useWentBack(onBack: () => void): void {
  const latest = useLatest(onBack);
  useLayoutEffect(() => {
    const shownAt = historyIndex();
    return () => {
      const now = historyIndex();
      // The callback of the last render is the one wanted when the screen goes, not the one of the first.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      if (shownAt !== undefined && now !== undefined && now < shownAt) latest.current();
    };
  }, [latest]);
}
