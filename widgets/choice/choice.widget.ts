import Type from 'typebox';
import { defineWidget } from '../../engine/widget-contract.ts';
import { Choice } from './Choice.tsx';

export const choice = defineWidget({
  name: 'choice',
  summary: 'One choice among a few, shown as radio buttons with their labels.',
  serves: { kind: 'value', types: ['string', 'number', 'integer'] },
  options: Type.Object(
    {
      advanceOnSelect: Type.Optional(
        Type.Boolean({ description: 'Picking a choice submits the step at once, as pressing Next would.' }),
      ),
    },
    { additionalProperties: false },
  ),
  component: Choice,
});
