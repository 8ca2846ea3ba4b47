import { describe, expect, it } from 'vitest';
import { stepLabel, stepsInFlowOrder } from '../../../console/flows/flow-steps.ts';

const ids = (flow: Record<string, unknown>) => stepsInFlowOrder(flow).map((step) => step.id);

describe("a flow's steps in flow order", () => {
  it("follows Next from the start, a branching step's targets together, then the steps no Next reaches", () => {
    expect(
      ids({
        start: 'a',
        steps: {
          lone: {},
          d: {},
          c: { next: 'd' },
          b: { next: 'd' },
          a: { next: [{ when: { x: 1 }, goto: 'c' }, { goto: 'b' }] },
        },
      }),
    ).toEqual(['a', 'c', 'b', 'd', 'lone']);
  });

  it('lists each step once when Next loops back', () => {
    expect(ids({ start: 'a', steps: { a: { next: 'b' }, b: { next: 'a' } } })).toEqual(['a', 'b']);
  });

  it("reads a half-written draft's flow without failing", () => {
    expect(ids({})).toEqual([]);
    expect(ids({ start: 'gone', steps: { a: { next: 'missing' }, b: 'not a step' } })).toEqual(['a', 'b']);
    expect(ids({ start: 'a', steps: { a: { next: [null, { goto: 3 }, { goto: 'b' }] }, b: {} } })).toEqual(['a', 'b']);
  });

  it('names a step by its id and heading, or its id alone without a heading', () => {
    const steps = stepsInFlowOrder({ start: 'amount', steps: { amount: { heading: 'How much?', next: 'x' }, x: {} } });
    expect(steps.map(stepLabel)).toEqual(['amount: How much?', 'x']);
  });
});
