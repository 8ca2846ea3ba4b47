/** The start step's script carries only what it needs; the next steps' code is fetched once the visitor acts. */
import { useEffect } from 'react';
import type { CompiledFlow } from '../flow/compiled.ts';
import { whenIdle } from './deferred.ts';
import { onFirstVisitorAction } from './first-visitor-action.ts';
import type { WidgetRegistry } from './registry.ts';
import { loadLaterValidators } from './step-validators.ts';

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
