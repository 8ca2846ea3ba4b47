/**
 * The home popup's dialog: a native modal dialog. Focus moves in, Escape closes it, focus returns after. Its HTML was
 * sanitized by the server that serves it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { HomePopup as PopupContent } from '../../contracts/api.ts';
import type { InterfaceContent } from '../content/types.ts';
import { usePrefersReducedMotion } from '../use-reduced-motion.ts';
import { STEP_HEADING_ID } from '../../engine/render/step-heading.ts';

/** How long the closing fade takes (the backdrop's 150 ms; the dialog itself enters over 300 ms, in the CSS). */
const POPUP_CLOSE_MS = 150;

/** What Tab stops at inside the popup: its buttons, and links or controls its content may hold. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function PopupDialog({
  content,
  words,
  shown,
  onClosed,
}: {
  content: PopupContent;
  words: InterfaceContent['popup'];
  shown: { current: boolean };
  onClosed: () => void;
}) {
  const [closing, setClosing] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<Element | null>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const element = dialog.current;
    if (element === null || element.open) return;
    returnFocusTo.current = document.activeElement;
    element.showModal();
    shown.current = true;
  }, [shown]);

  useEffect(() => {
    if (!closing) return;
    const finish = () => {
      dialog.current?.close();
      onClosed();
      // Back where the visitor was; a visitor who had not reached anything yet starts at the question.
      const before = returnFocusTo.current;
      const target =
        before instanceof HTMLElement && before !== document.body ? before : document.getElementById(STEP_HEADING_ID);
      target?.focus();
    };
    if (reducedMotion) {
      finish();
      return;
    }
    const timer = setTimeout(finish, POPUP_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closing, reducedMotion, onClosed]);

  const close = () => setClosing(true);
  // The page behind is inert: a Tab past either end would land on nothing the visitor can use (the browser's own
  // controls, or the body), so it wraps round (docs/decisions/056-keyboard-only.md).
  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = controls[0];
    const last = controls[controls.length - 1];
    const [from, to] = event.shiftKey ? [first, last] : [last, first];
    if (to === undefined || document.activeElement !== from) return;
    event.preventDefault();
    to.focus();
  };
  return (
    <dialog
      ref={dialog}
      className={closing ? 'popup popup--closing' : 'popup'}
      aria-label={words.label}
      aria-describedby="popup-content"
      onKeyDown={wrapTab}
      onCancel={(event) => {
        // Escape: close with the same fade as the buttons.
        event.preventDefault();
        close();
      }}
    >
      <button type="button" className="popup__close" aria-label={words.close} onClick={close}>
        ×
      </button>
      <div id="popup-content" className="popup__content" dangerouslySetInnerHTML={{ __html: content.model_content }} />
      <button type="button" className="button button--primary popup__button" onClick={close}>
        {content.button_text}
      </button>
    </dialog>
  );
}
