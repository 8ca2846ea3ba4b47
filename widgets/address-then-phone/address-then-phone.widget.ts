import { defineWidget } from '../../engine/widget-contract.ts';
import { deferredComponent } from '../../engine/render/deferred-component.ts';

export const addressThenPhone = defineWidget({
  name: 'address-then-phone',
  serves: { kind: 'object' },
  // Only later steps use it: kept out of the first screen's script.
  component: deferredComponent(
    () => import('./AddressThenPhone.tsx').then((module) => module.AddressThenPhone),
    'the address and phone step',
  ),
});
