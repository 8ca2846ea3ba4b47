import { defineWidget } from '../../engine/widget-contract.ts';
import { Select } from './Select.tsx';

export const select = defineWidget({
  name: 'select',
  serves: { kind: 'value', types: ['string', 'number', 'integer'] },
  component: Select,
});
