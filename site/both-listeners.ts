/** Two flow listeners as one: the page tells the tag manager and its own funnel of every flow event, in that order. */
import type { FlowEvents } from '../engine/render/flow-events.ts';

export function bothListeners(first: FlowEvents, second: FlowEvents): FlowEvents {
  return {
    stepViewed(step) {
      first.stepViewed(step);
      second.stepViewed(step);
    },
    stepLeft(step, how) {
      first.stepLeft(step, how);
      second.stepLeft(step, how);
    },
    validationFailed(step) {
      first.validationFailed(step);
      second.validationFailed(step);
    },
    actionCompleted(step) {
      first.actionCompleted(step);
      second.actionCompleted(step);
    },
    offerOpened(step, offer) {
      first.offerOpened(step, offer);
      second.offerOpened(step, offer);
    },
  };
}
