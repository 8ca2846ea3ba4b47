/**
 * The phone number input: the digits shown through the flow's mask ("000-000-0000"), the caret kept after the digit
 * it followed, and the focus taken when it appears (after the address check).
 */
import { useEffect, useLayoutEffect, useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { applyMask, countDigits, digitSlots, positionAfterDigits } from './mask.ts';

interface Props {
  /** The input's own attributes (id, name, aria attributes, focus and blur handlers). */
  input: InputHTMLAttributes<HTMLInputElement>;
  digits: string;
  mask: string;
  /** The digits after an edit that changed them ("" when emptied). */
  onDigits(this: void, digits: string): void;
}

export function MaskedPhoneInput({ input, digits, mask, onDigits }: Props) {
  const element = useRef<HTMLInputElement>(null);
  const caret = useRef<number>(undefined);

  useEffect(() => {
    element.current?.focus();
  }, []);

  useLayoutEffect(() => {
    if (caret.current === undefined || !element.current) return;
    element.current.setSelectionRange(caret.current, caret.current);
    caret.current = undefined;
  });

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    let digitsBeforeCaret = countDigits(typed.slice(0, event.target.selectionStart ?? typed.length));
    let next = typed.replace(/\D/g, '');
    // Backspace over a separator would leave the digits unchanged: it removes the digit before the separator.
    if (next === digits && typed.length < applyMask(digits, mask).length && digitsBeforeCaret > 0) {
      next = next.slice(0, digitsBeforeCaret - 1) + next.slice(digitsBeforeCaret);
      digitsBeforeCaret -= 1;
    }
    next = next.slice(0, digitSlots(mask));
    if (next === digits) return;
    caret.current = positionAfterDigits(applyMask(next, mask), digitsBeforeCaret);
    onDigits(next);
  };

  return (
    <input
      ref={element}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={mask.length}
      {...input}
      value={applyMask(digits, mask)}
      onChange={change}
    />
  );
}
