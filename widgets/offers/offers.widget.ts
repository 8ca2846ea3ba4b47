import { defineWidget } from '../../engine/widget-contract.ts';
import { offersOptions } from './options.ts';
import { Offers } from './Offers.tsx';

export const offers = defineWidget({
  name: 'offers',
  summary: 'A list of other products to suggest, each with a title and a short text.',
  serves: { kind: 'display' },
  options: offersOptions,
  example: { offers: [{ title: 'Business credit cards', text: 'Cover everyday expenses while your business grows.' }] },
  component: Offers,
});
