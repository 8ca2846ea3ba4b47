import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const select = defineWidget({
  name: 'select',
  serves: { kind: 'value', types: ['string', 'number', 'integer'] },
  // Only later steps use it: kept out of the first screen's script (a start step's is loaded before it is drawn).
  component: deferredComponent(() => import('./Select.tsx').then((module) => module.Select), 'the list of choices'),
});
