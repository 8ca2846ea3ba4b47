import Type from 'typebox';
import { defineWidget } from '../../engine/widget-contract.ts';
import { Currency } from './Currency.tsx';

export const currency = defineWidget({
  name: 'currency',
  summary: 'A whole-dollar amount typed as digits, shown with a "$" prefix and thousands separators.',
  serves: { kind: 'value', types: ['integer', 'number'] },
  options: Type.Object(
    {
      prefix: Type.Optional(Type.String({ description: 'Shown before the amount; "$" when left out.' })),
      maxLength: Type.Optional(Type.Integer({ minimum: 1, description: 'Most characters the input takes, separators included.' })),
    },
    { additionalProperties: false },
  ),
  component: Currency,
});
