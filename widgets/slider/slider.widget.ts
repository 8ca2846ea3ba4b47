import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import { sliderOptions } from './options.ts';

export const slider = defineWidget({
  name: 'slider',
  summary: "A range slider for a whole-dollar amount; minimum, maximum and step come from the field's schema.",
  serves: { kind: 'value', types: ['integer', 'number'] },
  options: sliderOptions,
  // Only later steps use it: kept out of the first screen's script.
  component: deferredComponent(() => import('./Slider.tsx').then((module) => module.Slider), 'the amount slider'),
});
