import { defineWidget } from '../../engine/widget-contract.ts';
import { Choice } from './Choice.tsx';

export const choice = defineWidget({
  name: 'choice',
  serves: { kind: 'value', types: ['string', 'number', 'integer'] },
  component: Choice,
});
