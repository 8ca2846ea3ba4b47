import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import { searchingTimelineOptions } from './options.ts';

export const searchingTimeline = defineWidget({
  name: 'searching-timeline',
  summary:
    'A timed "searching" screen: changing headlines, steps ticked off, trust badges and confetti, then the next step.',
  serves: { kind: 'display' },
  options: searchingTimelineOptions,
  example: {
    headlines: [
      { at: 0, text: 'Reviewing your information...' },
      { at: 2, text: 'Looking for best rates in {city}...' },
    ],
    steps: ['Reviewing your information', 'Comparing quotes'],
    promise: 'Checking your options has no impact on your credit score.',
    logos: [{ badge: 'secure', alt: '256-bit SSL secured' }],
    confettiSeconds: 3,
    advanceAfterSeconds: 4,
  },
  // Only later steps use it: kept out of the first screen's script.
  verbatim: ['logos/*/badge'],
  component: deferredComponent(
    () => import('./SearchingTimeline.tsx').then((module) => module.SearchingTimeline),
    'the searching screen',
  ),
});
