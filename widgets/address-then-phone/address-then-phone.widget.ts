import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import { addressThenPhoneOptions } from './options.ts';

export const addressThenPhone = defineWidget({
  name: 'address-then-phone',
  summary:
    'Street address with suggestions, then city, state and ZIP code checked by a ZIP lookup, then the phone number ' +
    'once the first button has checked the address.',
  serves: { kind: 'object' },
  options: addressThenPhoneOptions,
  example: {
    reveal: 'View Funding Options',
    submit: 'View Funding Options',
    loaderSeconds: 2,
    loaderText: 'Checking your address...',
    statePlaceholder: 'State',
    zipNotFound: 'Please enter valid zipcode.',
    phoneMask: '000-000-0000',
  },
  // Only later steps use it: kept out of the first screen's script.
  verbatim: ['phoneMask'],
  component: deferredComponent(
    () => import('./AddressThenPhone.tsx').then((module) => module.AddressThenPhone),
    'the address and phone step',
  ),
});
