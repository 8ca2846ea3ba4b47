import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const zipLookup = defineWidget({
  name: 'zip-lookup',
  serves: { kind: 'value', types: ['string'] },
  // Only a later step uses it: kept out of the first screen's script.
  component: deferredComponent(
    () => import('./ZipLookup.tsx').then((module) => module.ZipLookup),
    'the ZIP code lookup',
  ),
});
