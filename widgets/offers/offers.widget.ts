import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const offers = defineWidget({
  name: 'offers',
  serves: { kind: 'display' },
  // Only later steps use it: kept out of the first screen's script.
  component: deferredComponent(() => import('./Offers.tsx').then((module) => module.Offers), 'the offers'),
});
