import { defineWidget } from '../../engine/widget-contract.ts';
import { Slider } from './Slider.tsx';

export const slider = defineWidget({
  name: 'slider',
  serves: { kind: 'value', types: ['integer', 'number'] },
  component: Slider,
});
