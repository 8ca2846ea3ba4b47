/**
 * What the phone step shows as the visitor goes, as a reducer: two parts that move on their own. The place (city,
 * state and ZIP) shows once a street is there and then stays; the stage moves from the address, through the first
 * button's check and the loader, to the phone number and the submit button. An event a state does not take leaves
 * it as it is: the same object, which React takes as no change.
 */

export type Stage =
  /** The address fields and the first button. */
  | 'address'
  /** The first button's check runs (a ZIP lookup may be awaited): the screen is as in 'address'; a press is ignored. */
  | 'verifying'
  /** The address passed: the loader shows for the options' loaderSeconds, and the first button is aria-disabled. */
  | 'loader'
  /** The phone number and the submit button. */
  | 'phone';

export interface RevealState {
  /** Whether city, state and ZIP show (docs/decisions/059-address-place-shown-while-typing.md). */
  placeShown: boolean;
  stage: Stage;
}

export type RevealEvent =
  /** The street input's text changed (typed, pasted or filled by the browser's autofill). */
  | { type: 'streetTyped'; text: string }
  /** The visitor chose a suggested address. */
  | { type: 'addressPicked' }
  /** The first button, or Enter in one of the address's other fields. */
  | { type: 'firstButtonPressed' }
  /** The check found something to fix: it showed the errors and took the focus there. */
  | { type: 'addressRefused' }
  /** The check found the address complete and its ZIP confirmed. */
  | { type: 'addressPassed' }
  /** The loader's time is up. */
  | { type: 'loaderElapsed' };

/** A street restored from an earlier visit was typed or picked then, so its place showed. */
export function initialRevealState(restoredStreet: string | undefined): RevealState {
  return { placeShown: Boolean(restoredStreet?.trim()), stage: 'address' };
}

/** The stage an event leads to from `stage`, or `stage` itself when it does not take the event. */
function nextStage(stage: Stage, event: RevealEvent): Stage {
  switch (event.type) {
    case 'firstButtonPressed':
      return stage === 'address' ? 'verifying' : stage;
    case 'addressRefused':
      return stage === 'verifying' ? 'address' : stage;
    case 'addressPassed':
      return stage === 'verifying' ? 'loader' : stage;
    case 'loaderElapsed':
      return stage === 'loader' ? 'phone' : stage;
    default:
      return stage;
  }
}

/**
 * Whether the place shows after an event. It shows once the street holds anything but spaces, not when the street
 * loses focus: shown then, it pushed the button down from under the pointer pressing it, and a Tab from the street
 * went past it. Once shown it stays, even if the street is emptied.
 */
function placeShownAfter(placeShown: boolean, event: RevealEvent): boolean {
  if (placeShown) return true;
  if (event.type === 'addressPicked') return true;
  return event.type === 'streetTyped' && event.text.trim() !== '';
}

export function transition(state: RevealState, event: RevealEvent): RevealState {
  const stage = nextStage(state.stage, event);
  const placeShown = placeShownAfter(state.placeShown, event);
  return stage === state.stage && placeShown === state.placeShown ? state : { placeShown, stage };
}
