import { defineWidget } from '../../engine/widget-contract.ts';
import { textOptions } from './options.ts';
import { Text } from './Text.tsx';

export const text = defineWidget({
  name: 'text',
  summary: 'A one-line text input, optionally for an email address or phone number, that can trim spaces when left.',
  serves: { kind: 'value', types: ['string'] },
  options: textOptions,
  component: Text,
});
