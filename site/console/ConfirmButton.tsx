/**
 * A button whose action is confirmed first in a native modal <dialog>: focus moves into it (onto Cancel, the safe
 * choice), Escape or Cancel closes it, and focus returns to the button. Confirmed, it runs the action.
 */
import { useId, useRef, type ReactNode } from 'react';

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

  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
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
