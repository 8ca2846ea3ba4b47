import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import { offersOptions } from './options.ts';

export const offers = defineWidget({
  name: 'offers',
  summary:
    "A list of other products to suggest, each with a title, a short text and a link to the partner's page, opened " +
    'in a new tab and reported as an offer opened.',
  serves: { kind: 'display' },
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
  // Only later steps use it: kept out of the first screen's script.
  verbatim: ['offers/*/id', 'offers/*/url'],
  component: deferredComponent(() => import('./Offers.tsx').then((module) => module.Offers), 'the offers'),
});
