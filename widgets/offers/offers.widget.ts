import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import { offersOptions } from './options.ts';

export const offers = defineWidget({
  name: 'offers',
  summary: 'A list of other products to suggest, each with a title and a short text.',
  serves: { kind: 'display' },
  options: offersOptions,
  example: { offers: [{ title: 'Business credit cards', text: 'Cover everyday expenses while your business grows.' }] },
  // Only later steps use it: kept out of the first screen's script.
  component: deferredComponent(() => import('./Offers.tsx').then((module) => module.Offers), 'the offers'),
});
