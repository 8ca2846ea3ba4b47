import { describeWidget } from '../../engine/widget-contract.ts';
import { textOptions } from './options.ts';
import { text } from './text.widget.ts';

export const textInfo = describeWidget(text, {
  summary: 'A one-line text input, optionally for an email address or phone number, that can trim spaces when left.',
  options: textOptions,
  verbatim: ['inputType'],
});
