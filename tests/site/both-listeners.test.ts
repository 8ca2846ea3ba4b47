import { describe, expect, it } from 'vitest';
import { bothListeners } from '../../site/both-listeners.ts';

const step = { flow: 'business-funding', version: 'v1', stepId: 'phone' };

describe('both listeners', () => {
  it('tell the first and then the second of every event', () => {
    const told: string[] = [];
    const listener = (name: string) => ({
      stepViewed: () => told.push(`${name} view`),
      stepLeft: (_: unknown, how: string) => told.push(`${name} ${how}`),
      validationFailed: () => told.push(`${name} invalid`),
      actionCompleted: () => told.push(`${name} action`),
      offerOpened: (_: unknown, offer: string) => told.push(`${name} offer ${offer}`),
    });
    const both = bothListeners(listener('tags'), listener('funnel'));
    both.stepViewed(step);
    both.stepLeft(step, 'back');
    both.validationFailed(step);
    both.actionCompleted({ ...step, action: 'submit-lead' });
    both.offerOpened(step, 'ondeck');
    expect(told).toEqual([
      'tags view',
      'funnel view',
      'tags back',
      'funnel back',
      'tags invalid',
      'funnel invalid',
      'tags action',
      'funnel action',
      'tags offer ondeck',
      'funnel offer ondeck',
    ]);
  });
});
