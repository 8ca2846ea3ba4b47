/**
 * The form of the "Do Not Sell My Information" and "Stop contacting me" pages: one field for the email address or the
 * phone number the visitor gave, checked here as the server checks it (contracts/opt-out.ts), then sent; the server's
 * refusal shows at the field. A refusal, the page's own or the server's, is shown in the content's words (in the page's
 * language), picked by its keyword and field: the check's own messages are English.
 */
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { checkOptOut, type OPT_OUT_MESSAGES, type OptOutField, type OptOutRequest } from '../../contracts/opt-out.ts';
import type { ApiError } from '../../engine/api/client.ts';

export interface ContactFormText {
  label: string;
  hint: string;
  button: string;
  confirmation: string;
  failed: string;
  /** The words of each of the check's refusals. */
  errors: Record<keyof typeof OPT_OUT_MESSAGES, string>;
}

/** The API call that sends the request: it rejects with an ApiError, whose body names the fields a refusal refused. */
export type SendContact = (request: OptOutRequest) => Promise<unknown>;

/**
 * The first field the server refused, or undefined for any other failure (no answer at all). Read from the error's
 * body rather than by `instanceof ApiError`: the class would be a module shared with the first script, which costs
 * that script bytes (LegalScreen.tsx).
 */
function refusalOf(error: unknown): OptOutField | undefined {
  return (error as Partial<ApiError> | undefined)?.body?.fields?.[0];
}

/**
 * The content's words for a refusal of the check, by its keyword, then by its field. A refusal the check does not make
 * (a server newer than the page) keeps the server's own words: better than none.
 */
function wordsFor(refusal: OptOutField, errors: ContactFormText['errors']): string {
  if (refusal.keyword === 'required') return errors.required;
  if (refusal.keyword === 'additionalProperties') return errors.unexpected;
  if (refusal.keyword === 'format' && (refusal.field === 'email' || refusal.field === 'phone'))
    return errors[refusal.field];
  return refusal.message;
}

/** What the visitor typed, as the request: an email when it has an @, a phone number otherwise. */
function requestOf(typed: string): OptOutRequest {
  const text = typed.trim();
  if (text === '') return {};
  return text.includes('@') ? { email: text } : { phone: text };
}

type State = { step: 'editing'; error?: { text: string; field: boolean } } | { step: 'sending' } | { step: 'recorded' };

export function ContactForm({ text, send }: { text: ContactFormText; send: SendContact }) {
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<State>({ step: 'editing' });
  const input = useRef<HTMLInputElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    if (state.step === 'recorded') confirmation.current?.focus();
  }, [state.step]);

  if (state.step === 'recorded') {
    return (
      <p ref={confirmation} className="legal__confirmation" role="status" tabIndex={-1}>
        {text.confirmation}
      </p>
    );
  }

  const refuse = (message: string, field: boolean) => {
    setState({ step: 'editing', error: { text: message, field } });
    if (field) input.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.step === 'sending') return;
    const request = requestOf(typed);
    const checked = checkOptOut(request);
    if (!checked.ok) {
      refuse(wordsFor(checked.fields[0]!, text.errors), true);
      return;
    }
    setState({ step: 'sending' });
    try {
      await send(request);
      setState({ step: 'recorded' });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === undefined) refuse(text.failed, false);
      else refuse(wordsFor(refusal, text.errors), true);
    }
  };

  const error = state.step === 'editing' ? state.error : undefined;
  const fieldError = error?.field ? error.text : undefined;
  return (
    <form className="legal__form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-contact`}>
          {text.label}
        </label>
        <p id={`${id}-hint`} className="legal__hint">
          {text.hint}
        </p>
        <input
          ref={input}
          id={`${id}-contact`}
          type="text"
          autoComplete="email"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={fieldError !== undefined}
          aria-describedby={fieldError === undefined ? `${id}-hint` : `${id}-hint ${id}-error`}
        />
        <div id={`${id}-error`} className="field__errors" aria-live="polite">
          {fieldError !== undefined && <p className="field__error">{fieldError}</p>}
        </div>
      </div>
      {error !== undefined && !error.field && (
        <p className="field__error" role="alert">
          {error.text}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={state.step === 'sending'}>
        {text.button}
      </button>
    </form>
  );
}
