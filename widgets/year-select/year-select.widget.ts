import { defineWidget } from '../../engine/widget-contract.ts';
import { YearSelect } from './YearSelect.tsx';

export const yearSelect = defineWidget({
  name: 'year-select',
  serves: { kind: 'value', types: ['string'] },
  component: YearSelect,
});
