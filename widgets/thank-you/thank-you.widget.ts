import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const thankYou = defineWidget({
  name: 'thank-you',
  serves: { kind: 'display' },
  // Only later steps use it: kept out of the first screen's script.
  component: deferredComponent(
    () => import('./ThankYou.tsx').then((module) => module.ThankYou),
    'the thank-you screen',
  ),
});
