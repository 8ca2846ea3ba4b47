import { describeWidget } from '../../engine/widget-contract.ts';
import { addressThenPhoneOptions } from './options.ts';
import { addressThenPhone } from './address-then-phone.widget.ts';

export const addressThenPhoneInfo = describeWidget(addressThenPhone, {
  summary:
    'Street address with suggestions, then city, state and ZIP code checked by a ZIP lookup, then the phone number ' +
    'once the first button has checked the address.',
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
  verbatim: ['phoneMask'],
});
