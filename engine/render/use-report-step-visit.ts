/** The flow's listeners (the site's analytics) hear which steps were shown and which the visitor went back from. */
import { useEffect } from 'react';
import type { Flow } from '../flow/definition.ts';
import type { FlowEvents } from './flow-events.ts';
import { useWentBack } from './use-flow-navigation.ts';

/**
 * A move on is told by the step's submit. `mustRestart`: the screen only sends the visitor to the start; it was never
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
