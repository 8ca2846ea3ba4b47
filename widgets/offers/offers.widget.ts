import Type from 'typebox';
import { defineWidget } from '../../engine/widget-contract.ts';
import { Offers } from './Offers.tsx';

const Offer = Type.Object(
  {
    title: Type.String({ minLength: 1, description: 'The name of the offer.' }),
    text: Type.String({ minLength: 1, description: 'One or two sentences about it.' }),
  },
  { additionalProperties: false },
);

export const offers = defineWidget({
  name: 'offers',
  summary: 'A list of other products to suggest, each with a title and a short text.',
  serves: { kind: 'display' },
  options: Type.Object({ offers: Type.Array(Offer, { minItems: 1 }) }, { additionalProperties: false }),
  example: { offers: [{ title: 'Business credit cards', text: 'Cover everyday expenses while your business grows.' }] },
  component: Offers,
});
