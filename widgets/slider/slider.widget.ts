import Type from 'typebox';
import { defineWidget } from '../../engine/widget-contract.ts';
import { Slider } from './Slider.tsx';

export const slider = defineWidget({
  name: 'slider',
  summary: "A range slider for a whole-dollar amount; minimum, maximum and step come from the field's schema.",
  serves: { kind: 'value', types: ['integer', 'number'] },
  options: Type.Object(
    {
      maxLabel: Type.Optional(Type.String({ minLength: 1, description: 'Shown instead of the amount at the top of the range, e.g. "$1M+".' })),
    },
    { additionalProperties: false },
  ),
  component: Slider,
});
