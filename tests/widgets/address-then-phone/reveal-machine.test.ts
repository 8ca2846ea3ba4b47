import { describe, expect, it } from 'vitest';
import {
  initialRevealState,
  transition,
  type RevealEvent,
  type RevealState,
  type Stage,
} from '../../../widgets/address-then-phone/reveal-machine.ts';

const at = (stage: Stage, placeShown = true): RevealState => ({ placeShown, stage });
const hidden = (stage: Stage) => at(stage, false);

const typed = (text: string): RevealEvent => ({ type: 'streetTyped', text });
const picked: RevealEvent = { type: 'addressPicked' };
const pressed: RevealEvent = { type: 'firstButtonPressed' };
const refused: RevealEvent = { type: 'addressRefused' };
const passed: RevealEvent = { type: 'addressPassed' };
const elapsed: RevealEvent = { type: 'loaderElapsed' };

describe('the reveal machine', () => {
  it.each<[string, RevealState, RevealEvent, RevealState]>([
    ['a press on the first button starts the check', at('address'), pressed, at('verifying')],
    ['a check that finds something to fix goes back to the address', at('verifying'), refused, at('address')],
    ['a check that passes shows the loader', at('verifying'), passed, at('loader')],
    ["the loader's time up shows the phone", at('loader'), elapsed, at('phone')],
    ['a street typed shows the place', hidden('address'), typed('3'), at('address')],
    ['a street typed after spaces shows the place', hidden('address'), typed('  3'), at('address')],
    ['a picked address shows the place', hidden('address'), picked, at('address')],
    ['a street typed while the check runs shows the place', hidden('verifying'), typed('3'), at('verifying')],
    ['a stage moves on with the place hidden', hidden('address'), pressed, hidden('verifying')],
  ])('%s', (_case, state, event, next) => {
    expect(transition(state, event)).toEqual(next);
  });

  it.each<[string, RevealState, RevealEvent]>([
    ['a press while the check runs', at('verifying'), pressed],
    ['a press while the loader shows', at('loader'), pressed],
    ['a press once the phone shows', at('phone'), pressed],
    ['a refusal with no check running', at('address'), refused],
    ['a refusal while the loader shows', at('loader'), refused],
    ['a refusal once the phone shows', at('phone'), refused],
    ['a pass with no check running', at('address'), passed],
    ['a pass while the loader shows', at('loader'), passed],
    ['a pass once the phone shows', at('phone'), passed],
    ['a loader time up before the check', at('address'), elapsed],
    ['a loader time up while the check runs', at('verifying'), elapsed],
    ['a loader time up once the phone shows', at('phone'), elapsed],
    ['spaces typed in the street', hidden('address'), typed('   ')],
    ['the street emptied before the place shows', hidden('address'), typed('')],
    ['the street emptied once the place shows', at('address'), typed('')],
    ['more typed once the place shows', at('address'), typed('350 5th Ave')],
    ['a pick once the place shows', at('address'), picked],
    ['a pick once the phone shows', at('phone'), picked],
    ['a street typed while the loader shows', at('loader'), typed('350 5th Ave')],
  ])('ignores %s', (_case, state, event) => {
    expect(transition(state, event)).toBe(state);
  });

  it.each<[string | undefined, RevealState]>([
    [undefined, hidden('address')],
    ['  ', hidden('address')],
    ['350 5th Ave', at('address')],
  ])('starts from a restored street %j with the address', (street, state) => {
    expect(initialRevealState(street)).toEqual(state);
  });
});
