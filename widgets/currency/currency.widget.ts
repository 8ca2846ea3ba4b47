import { defineWidget } from '../../engine/widget-contract.ts';
import { Currency } from './Currency.tsx';

export const currency = defineWidget({
  name: 'currency',
  serves: { kind: 'value', types: ['integer', 'number'] },
  component: Currency,
});
