import { describeWidget } from '../../engine/widget-contract.ts';
import { zipLookupOptions } from './options.ts';
import { zipLookup } from './zip-lookup.widget.ts';

export const zipLookupInfo = describeWidget(zipLookup, {
  summary:
    'A five-digit ZIP code input that looks the ZIP up, shows its place and can save its city and state; it refuses ' +
    'ZIP codes outside the 50 states and DC.',
  options: zipLookupOptions,
  example: {
    notFound: 'Please enter valid zipcode.',
    found: '{city}, {state} {zipcode}',
    save: { city: 'city', state: 'state', zipcode: 'zipcode' },
  },
  verbatim: ['save'],
});
