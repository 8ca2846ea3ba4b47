import { describeWidget } from '../../engine/widget-contract.ts';
import { offersOptions } from './options.ts';
import { offers } from './offers.widget.ts';

export const offersInfo = describeWidget(offers, {
  summary:
    "A list of other products to suggest, each with a title, a short text and a link to the partner's page, opened " +
    'in a new tab and reported as an offer opened.',
  options: offersOptions,
  example: {
    offers: [
      {
        id: 'business-credit-cards',
        title: 'Business credit cards',
        text: 'Cover everyday expenses while your business grows.',
        url: 'https://partners.example.com/business-credit-cards?utm_source=fundflow&utm_medium=referral',
        linkText: 'See business credit cards',
      },
    ],
    newTab: '(opens in a new tab)',
  },
  verbatim: ['offers/*/id', 'offers/*/url'],
});
