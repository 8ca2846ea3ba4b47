import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const searchingTimeline = defineWidget({
  name: 'searching-timeline',
  serves: { kind: 'display' },
  // Only later steps use it: kept out of the first screen's script.
  component: deferredComponent(
    () => import('./SearchingTimeline.tsx').then((module) => module.SearchingTimeline),
    'the searching screen',
  ),
});
