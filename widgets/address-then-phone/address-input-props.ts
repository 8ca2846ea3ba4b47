/** What every street address input takes (address-input.tsx picks one), kept apart so the inputs import no picker. */
import type { InputHTMLAttributes } from 'react';
import type { PickedAddress } from './place.ts';

export interface AddressInputProps {
  /** The input's own attributes (id, value, aria attributes, handlers); an implementation may add its own. */
  input: InputHTMLAttributes<HTMLInputElement> & { id: string };
  /** The visitor chose a suggested address. */
  onPick(this: void, address: PickedAddress): void;
}
