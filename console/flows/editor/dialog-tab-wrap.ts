/**
 * Tab kept inside a modal <dialog>: the page behind is inert, so a Tab past its last control (or Shift+Tab before its
 * first) would leave for the browser's own controls; it wraps round instead, as ConfirmButton's dialog does
 * (docs/decisions/056-keyboard-only.md). The controls are read when the key is pressed: what the dialog shows changes.
 */
import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function wrapTabInDialog(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (first === undefined || last === undefined) return;
  const [from, to] = event.shiftKey ? [first, last] : [last, first];
  if (document.activeElement !== from) return;
  event.preventDefault();
  to.focus();
}
