import { describeWidget } from '../../engine/widget-contract.ts';
import { selectOptions } from './options.ts';
import { select } from './select.widget.ts';

export const selectInfo = describeWidget(select, {
  summary: "A dropdown of the field's choices; the placeholder is its first, disabled option.",
  options: selectOptions,
});
