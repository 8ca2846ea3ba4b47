import { defineWidget } from '../../engine/widget-contract.ts';
import { choiceOptions } from './options.ts';
import { Choice } from './Choice.tsx';

export const choice = defineWidget({
  name: 'choice',
  summary: 'One choice among a few, shown as radio buttons with their labels.',
  serves: { kind: 'value', types: ['string', 'number', 'integer'] },
  options: choiceOptions,
  component: Choice,
});
