import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';
import { zipLookupOptions } from './options.ts';

export const zipLookup = defineWidget({
  name: 'zip-lookup',
  summary:
    'A five-digit ZIP code input that looks the ZIP up, shows its place and can save its city and state; it refuses ' +
    'ZIP codes outside the 50 states and DC.',
  serves: { kind: 'value', types: ['string'] },
  options: zipLookupOptions,
  example: {
    notFound: 'Please enter valid zipcode.',
    found: '{city}, {state} {zipcode}',
    save: { city: 'city', state: 'state', zipcode: 'zipcode' },
  },
  // Only a later step uses it: kept out of the first screen's script.
  verbatim: ['save'],
  component: deferredComponent(
    () => import('./ZipLookup.tsx').then((module) => module.ZipLookup),
    'the ZIP code lookup',
  ),
});
