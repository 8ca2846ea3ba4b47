/** Handlers for a text input that takes digits only, such as a ZIP code. */
import type { ClipboardEvent, KeyboardEvent } from 'react';

/** The digits of `text`, at most `length` of them. */
export function digitsOf(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/**
 * The input's onKeyDown and onPaste: other printable keys are blocked, so letters never flash in the input (shortcuts
 * such as Ctrl/Cmd+V still work); pasted text keeps its digits only, put where the selection was, and goes to
 * `change` as the whole new text: the input's maxLength would otherwise cut "90210-1234" or " 90 210" before its
 * non-digits are dropped.
 */
export function digitsOnlyHandlers(length: number, change: (text: string) => void) {
  return {
    onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
      const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (printable && !/\d/.test(event.key)) event.preventDefault();
    },
    onPaste(event: ClipboardEvent<HTMLInputElement>) {
      event.preventDefault();
      const input = event.currentTarget;
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? start;
      change(
        input.value.slice(0, start) + digitsOf(event.clipboardData.getData('text'), length) + input.value.slice(end),
      );
    },
  };
}
