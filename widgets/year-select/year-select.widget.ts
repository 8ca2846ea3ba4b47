import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const yearSelect = defineWidget({
  name: 'year-select',
  serves: { kind: 'value', types: ['string'] },
  // Only later steps use it: kept out of the first screen's script (a start step's is loaded before it is drawn).
  component: deferredComponent(() => import('./YearSelect.tsx').then((module) => module.YearSelect), 'the year list'),
});
