import { describeWidget } from '../../engine/widget-contract.ts';
import { sliderOptions } from './options.ts';
import { slider } from './slider.widget.ts';

export const sliderInfo = describeWidget(slider, {
  summary: "A range slider for a whole-dollar amount; minimum, maximum and step come from the field's schema.",
  options: sliderOptions,
});
