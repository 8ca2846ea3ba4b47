import { defineWidget } from '../../engine/widget-contract.ts';
import { currencyOptions } from './options.ts';
import { Currency } from './Currency.tsx';

export const currency = defineWidget({
  name: 'currency',
  summary: 'A whole-dollar amount typed as digits, shown with a "$" prefix and thousands separators.',
  serves: { kind: 'value', types: ['integer', 'number'] },
  options: currencyOptions,
  component: Currency,
});
