/**
 * A step's form submitted on a screen the server drew, before the page's script had taken the form over: the page's
 * loader (server/page/prerendered.ts) keeps the form from submitting natively and marks it with this attribute, and the
 * step's form answers the press once it is taken over, as it would have answered it then (decision 014).
 *
 * A tap on a choice answers its step as a press of Next does: the loader marks a radio picked by a tap or a click
 * before the script, and unmarks it when the keyboard picks it (arrow keys only move the selection), so that the
 * choice widget, once mounted, moves on only where the tap would have (decision 125).
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-submitted-early';

/** Whether the form (or the radio) was submitted before it was taken over; clears the mark, to answer a press once. */
export function takeEarlySubmit(element: Element | null): boolean {
  if (element === null || !element.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return false;
  element.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
  return true;
}
