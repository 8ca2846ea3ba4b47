import { describeWidget } from '../../engine/widget-contract.ts';
import { yearSelectOptions } from './options.ts';
import { yearSelect } from './year-select.widget.ts';

export const yearSelectInfo = describeWidget(yearSelect, {
  summary: 'A dropdown of years from the current one back to a given year, newest first, kept as a string like "2018".',
  options: yearSelectOptions,
  example: { from: 1925 },
});
