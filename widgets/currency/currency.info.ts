import { describeWidget } from '../../engine/widget-contract.ts';
import { currencyOptions } from './options.ts';
import { currency } from './currency.widget.ts';

export const currencyInfo = describeWidget(currency, {
  summary: 'A whole-dollar amount typed as digits, shown with a "$" prefix and thousands separators.',
  options: currencyOptions,
});
