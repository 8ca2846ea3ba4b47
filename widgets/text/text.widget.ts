import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const text = defineWidget({
  name: 'text',
  serves: { kind: 'value', types: ['string'] },
  // Only later steps use it: kept out of the first screen's script.
  component: deferredComponent(() => import('./Text.tsx').then((module) => module.Text), 'the text input'),
});
