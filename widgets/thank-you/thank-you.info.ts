import { describeWidget } from '../../engine/widget-contract.ts';
import { thankYouOptions } from './options.ts';
import { thankYou } from './thank-you.widget.ts';

export const thankYouInfo = describeWidget(thankYou, {
  summary: 'The closing message saved earlier in the flow (or a plain fallback text) with a button to start over.',
  options: thankYouOptions,
  example: {
    field: 'thank_you_html',
    fallback: 'Thank you for your request. A funding advisor will contact you shortly.',
    startOver: 'Start over',
  },
  verbatim: ['field'],
});
