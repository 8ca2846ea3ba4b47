import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import { thankYouOptions } from './options.ts';

export const thankYou = defineWidget({
  name: 'thank-you',
  summary: 'The closing message saved earlier in the flow (or a plain fallback text) with a button to start over.',
  serves: { kind: 'display' },
  options: thankYouOptions,
  example: {
    field: 'thank_you_html',
    fallback: 'Thank you for your request. A funding advisor will contact you shortly.',
    startOver: 'Start over',
  },
  // Only later steps use it: kept out of the first screen's script.
  verbatim: ['field'],
  component: deferredComponent(
    () => import('./ThankYou.tsx').then((module) => module.ThankYou),
    'the thank-you screen',
  ),
});
