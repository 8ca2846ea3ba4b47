/**
 * A step's form submitted on a screen the server drew, before the page's script had taken the form over: the page's
 * loader (server/page/prerendered.ts) keeps the form from submitting natively and marks it with this attribute, and the
 * step's form answers the press once it is taken over, as it would have answered it then (decision 014).
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-submitted-early';

/** Whether the form was submitted before it was taken over; clears the mark, so that a press is answered once. */
export function takeEarlySubmit(form: HTMLFormElement | null): boolean {
  if (form === null || !form.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return false;
  form.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
  return true;
}
