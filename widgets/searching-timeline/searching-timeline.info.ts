import { describeWidget } from '../../engine/widget-contract.ts';
import { searchingTimelineOptions } from './options.ts';
import { searchingTimeline } from './searching-timeline.widget.ts';

export const searchingTimelineInfo = describeWidget(searchingTimeline, {
  summary:
    'A timed "searching" screen: changing headlines, steps ticked off, trust badges and confetti, then the next step.',
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
  verbatim: ['logos/*/badge'],
});
