import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const currency = defineWidget({
  name: 'currency',
  serves: { kind: 'value', types: ['integer', 'number'] },
  // Only later steps use it: kept out of the first screen's script (a start step's is loaded before it is drawn).
  component: deferredComponent(() => import('./Currency.tsx').then((module) => module.Currency), 'the amount input'),
});
