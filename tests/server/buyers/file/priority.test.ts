/** Buyers are offered a lead lowest priority first; equal priorities keep BUYERS_FILE's order. */
import { describe, expect, it } from 'vitest';
import { inPriorityOrder } from '../../../../server/buyers/file/priority.ts';

const buyers = (...entries: [string, number][]) => entries.map(([id, priority]) => ({ id, priority }));
const ids = (list: readonly { id: string }[]) => list.map((buyer) => buyer.id);

describe('inPriorityOrder', () => {
  it.each([
    ['already in order', buyers(['a', 1], ['b', 2], ['c', 3]), ['a', 'b', 'c']],
    ['reversed', buyers(['c', 3], ['b', 2], ['a', 1]), ['a', 'b', 'c']],
    ['equal priorities in file order', buyers(['x', 2], ['y', 1], ['z', 2], ['w', 1]), ['y', 'w', 'x', 'z']],
    ['all equal', buyers(['q', 5], ['v', 5], ['e', 5], ['c', 5]), ['q', 'v', 'e', 'c']],
    ['one', buyers(['only', 9]), ['only']],
    ['none', buyers(), []],
  ])('%s', (_case, given, expected) => {
    expect(ids(inPriorityOrder(given))).toEqual(expected);
  });

  it('leaves the list it was given as it was', () => {
    const given = buyers(['b', 2], ['a', 1]);
    inPriorityOrder(given);
    expect(ids(given)).toEqual(['b', 'a']);
  });
});
