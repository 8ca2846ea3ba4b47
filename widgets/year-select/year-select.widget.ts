import { defineWidget } from '../../engine/widget-contract.ts';
import { yearSelectOptions } from './options.ts';
import { YearSelect } from './YearSelect.tsx';

export const yearSelect = defineWidget({
  name: 'year-select',
  summary: 'A dropdown of years from the current one back to a given year, newest first, kept as a string like "2018".',
  serves: { kind: 'value', types: ['string'] },
  options: yearSelectOptions,
  example: { from: 1925 },
  component: YearSelect,
});
