import { defineWidget } from '../../engine/widget-contract.ts';
import { selectOptions } from './options.ts';
import { Select } from './Select.tsx';

export const select = defineWidget({
  name: 'select',
  summary: "A dropdown of the field's choices; the placeholder is its first, disabled option.",
  serves: { kind: 'value', types: ['string', 'number', 'integer'] },
  options: selectOptions,
  component: Select,
});
