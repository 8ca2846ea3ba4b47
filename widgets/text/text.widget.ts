import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import { textOptions } from './options.ts';

export const text = defineWidget({
  name: 'text',
  summary: 'A one-line text input, optionally for an email address or phone number, that can trim spaces when left.',
  serves: { kind: 'value', types: ['string'] },
  options: textOptions,
  // Only later steps use it: kept out of the first screen's script.
  verbatim: ['inputType'],
  component: deferredComponent(() => import('./Text.tsx').then((module) => module.Text), 'the text input'),
});
