/**
 * A button whose action is confirmed first in a native modal <dialog>: focus moves into it (onto Cancel, the safe
 * choice), Escape or Cancel closes it, and focus returns to the button. Confirmed, it runs the action.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ConfirmButtonProps {
  /** The button's text, e.g. "Redeliver". */
  label: string;
  /** The dialog's question, e.g. "Redeliver this lead?". */
  question: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The confirming button's text; the label when absent. */
  confirm?: string;
  disabled?: boolean;
  onConfirm: () => void;
}

export function ConfirmButton({ label, question, children, confirm = label, disabled, onConfirm }: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  const confirmButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };

  // The page behind is inert: a Tab past either button would leave for the browser's own controls, so it wraps
  // round, as in the form's popup (docs/decisions/056-keyboard-only.md).
  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const [from, to] = event.shiftKey
      ? [cancel.current, confirmButton.current]
      : [confirmButton.current, cancel.current];
    if (document.activeElement !== from || to === null) return;
    event.preventDefault();
    to.focus();
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="console-button"
        disabled={disabled}
        onClick={() => {
          dialog.current?.showModal();
          cancel.current?.focus();
        }}
      >
        {label}
      </button>
      <dialog
        ref={dialog}
        className="console-dialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={wrapTab}
        onCancel={(event) => {
          // Escape: closed here, so focus goes back to the button as with Cancel.
          event.preventDefault();
          close();
        }}
      >
        <h2 id={titleId}>{question}</h2>
        <p id={textId}>{children}</p>
        <div className="console-dialog__buttons">
          <button ref={cancel} type="button" className="console-button console-button--quiet" onClick={close}>
            Cancel
          </button>
          <button
            ref={confirmButton}
            type="button"
            className="console-button console-button--primary"
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirm}
          </button>
        </div>
      </dialog>
    </>
  );
}
