/**
 * What happens in a flow, told to whoever listens (the site forwards it to the tag manager). Events carry the flow,
 * its version and step ids only: never an answer, so nothing personal can leak to an analytics tool through them.
 */
export interface StepRef {
  /** The product flow, e.g. "business-funding". */
  flow: string;
  /** The flow file's version label, e.g. "v2". */
  version: string;
  stepId: string;
}

export interface FlowEvents {
  /** A step's screen was shown. */
  stepViewed(step: StepRef): void;
  /** The visitor moved on from the step to the next one, or went back from it. */
  stepLeft(step: StepRef, how: 'advance' | 'back'): void;
  /** A submit was refused because of invalid or missing answers (by the checks or by the step's action). */
  validationFailed(step: StepRef): void;
  /** The step's named action succeeded and the visitor moves on (e.g. the lead was stored). */
  actionCompleted(step: StepRef & { action: string }): void;
  /** An offer shown on the step (its id from the flow file) was opened. */
  offerOpened(step: StepRef, offer: string): void;
}

export const NO_FLOW_EVENTS: FlowEvents = {
  stepViewed: () => {},
  stepLeft: () => {},
  validationFailed: () => {},
  actionCompleted: () => {},
  offerOpened: () => {},
};
