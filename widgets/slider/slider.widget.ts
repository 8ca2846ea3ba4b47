import { defineWidget } from '../../engine/widget-contract.ts';
import { sliderOptions } from './options.ts';
import { Slider } from './Slider.tsx';

export const slider = defineWidget({
  name: 'slider',
  summary: "A range slider for a whole-dollar amount; minimum, maximum and step come from the field's schema.",
  serves: { kind: 'value', types: ['integer', 'number'] },
  options: sliderOptions,
  component: Slider,
});
