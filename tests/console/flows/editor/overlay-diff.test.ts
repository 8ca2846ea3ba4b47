import { describe, expect, it } from 'vitest';
import {
  overlayWithSetting,
  overlayWithStep,
  resolvedStep,
  resolvedSteps,
  stepChanges,
  withoutAddedEmpties,
} from '../../../../console/flows/editor/overlay-diff.ts';
import { withStepAdded, withStepRemoved } from '../../../../console/flows/editor/step-changes.ts';

const BASE_STEPS = {
  start: { route: '', progress: 0, heading: 'Start', next: 'amount' },
  amount: { route: 'amount', progress: 20, heading: 'How much?', help: 'Any amount', next: 'done' },
  done: { route: 'done', progress: 100, heading: 'Thanks' },
};
const OVERLAY = { extends: 'business-funding.json', formHeading: 'Hi' };

describe("a step's overlay", () => {
  it('holds only the keys that differ, whole, and null for a key removed', () => {
    expect(
      stepChanges({ route: 'amount', progress: 25, heading: 'How much?', next: 'done' }, BASE_STEPS.amount),
    ).toEqual({ progress: 25, help: null });
  });

  it('is nothing when the step is the base’s again, so the step leaves the overlay', () => {
    const changed = overlayWithStep(OVERLAY, 'amount', { ...BASE_STEPS.amount, heading: 'New' }, BASE_STEPS);
    expect(changed).toEqual({ ...OVERLAY, steps: { amount: { heading: 'New' } } });
    expect(overlayWithStep(changed, 'amount', BASE_STEPS.amount, BASE_STEPS)).toEqual(OVERLAY);
  });

  it('writes a new step whole and a removed one as null', () => {
    const added = { route: 'more', progress: 50, heading: 'More?' };
    expect(overlayWithStep(OVERLAY, 'more', added, BASE_STEPS).steps).toEqual({ more: added });
    expect(overlayWithStep(OVERLAY, 'done', null, BASE_STEPS).steps).toEqual({ done: null });
  });

  it('resolves the draft’s steps as the engine does: the overlay’s keys over the base’s, null removing', () => {
    const overlay = { ...OVERLAY, steps: { amount: { heading: 'New', help: null }, done: null } };
    expect(resolvedStep(overlay, 'amount', BASE_STEPS)).toEqual({
      route: 'amount',
      progress: 20,
      heading: 'New',
      next: 'done',
    });
    expect(Object.keys(resolvedSteps(overlay, BASE_STEPS))).toEqual(['start', 'amount']);
  });

  it('leaves out the empty objects the form makes for keys the step does not have', () => {
    const edited = { heading: 'x', display: { options: {} }, buttons: {}, ui: { amount: { options: {} } } };
    expect(withoutAddedEmpties(edited, { heading: 'x', ui: { amount: { widget: 'slider' } } })).toEqual({
      heading: 'x',
      ui: { amount: {} },
    });
  });

  it('keeps a setting out of the overlay when it is the base’s again', () => {
    const base = { consent: { version: '1', text: 'I agree' } };
    const changed = overlayWithSetting(OVERLAY, 'consent', { version: '1', text: 'I do agree' }, base);
    expect(changed.consent).toEqual({ version: '1', text: 'I do agree' });
    expect(overlayWithSetting(changed, 'consent', base.consent, base)).toEqual(OVERLAY);
  });
});

describe('adding and removing a step', () => {
  it('puts a copy of a step after another, in the chain of next', () => {
    const overlay = withStepAdded(OVERLAY, BASE_STEPS, { id: 'more', copyOf: 'amount', after: 'amount' });
    expect(overlay.steps).toEqual({
      more: { ...BASE_STEPS.amount, route: 'more', next: 'done' },
      amount: { next: 'more' },
    });
  });

  it('removes a step, the steps that led to it leading where it led', () => {
    const overlay = withStepRemoved(OVERLAY, BASE_STEPS, Object.keys(BASE_STEPS), 'amount');
    expect(overlay.steps).toEqual({ amount: null, start: { next: 'done' } });
  });
});
