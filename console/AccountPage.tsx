/**
 * "Your account": the signed-in user changes their password. The current one is asked (a wrong one counts toward the
 * sign-in lock, the server's doing); the new one typed twice. Errors are shown next to their field and announced; a
 * change signs out every other browser of the user, and this one stays signed in. Below, their second factor
 * (SecondFactorSection.tsx).
 */
import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_PATH, type ConsoleUser } from '../contracts/console.ts';
import { ApiError } from '../engine/api/client.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { PageHeading } from './PageHeading.tsx';
import { SecondFactorSection } from './SecondFactorSection.tsx';

export interface AccountPageProps {
  productName: string;
  user: ConsoleUser;
}

type Field = 'current_password' | 'new_password' | 'confirmation';
type FieldErrors = Partial<Record<Field, string>>;

const LABELS: Record<Field, string> = {
  current_password: 'Current password',
  new_password: 'New password',
  confirmation: 'Confirm new password',
};

/** The server's refusal by field, in the form's words ("New password must be..."); the rest as one message. */
function fieldErrorsOf(failure: unknown): { fields: FieldErrors; message: string } {
  const fields: FieldErrors = {};
  if (failure instanceof ApiError && failure.status === 400) {
    for (const { field, message } of failure.body?.fields ?? []) {
      if (field === 'current_password' || field === 'new_password') fields[field] = `${LABELS[field]} ${message}.`;
    }
  }
  const named = Object.values(fields);
  return { fields, message: named.length > 0 ? named.join(' ') : failureMessage(failure) };
}

export function AccountPage({ productName, user }: AccountPageProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    current_password: '',
    new_password: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [sending, setSending] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    if (values.new_password !== values.confirmation) {
      const text = 'Confirm new password: it differs from the new password. Type the same password in both fields.';
      setErrors({ confirmation: text });
      setMessage(text);
      return;
    }
    setSending(true);
    setErrors({});
    setMessage(null);
    try {
      await consoleCall<unknown>(PASSWORD_PATH, 'POST', {
        current_password: values.current_password,
        new_password: values.new_password,
      });
      setValues({ current_password: '', new_password: '', confirmation: '' });
      setChanged(true);
    } catch (failure) {
      const refused = fieldErrorsOf(failure);
      setErrors(refused.fields);
      setMessage(refused.message);
    }
    setSending(false);
  };

  const field = (name: Field, autoComplete: string) => {
    const errorId = `${id}-${name}-error`;
    return (
      <div className="console-field">
        <label htmlFor={`${id}-${name}`}>{LABELS[name]}</label>
        <input
          id={`${id}-${name}`}
          type="password"
          name={name}
          autoComplete={autoComplete}
          required
          value={values[name]}
          aria-invalid={errors[name] !== undefined}
          aria-describedby={errors[name] !== undefined ? errorId : undefined}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
        {errors[name] !== undefined && (
          <span id={errorId} className="console-error">
            {errors[name]}
          </span>
        )}
      </div>
    );
  };

  return (
    <>
      <PageHeading title="Your account" productName={productName} />
      <p>
        Signed in as {user.email} <span className="console-role">({user.role})</span>.
      </p>
      <section aria-labelledby={`${id}-password`} className="console-panel--narrow">
        <h2 id={`${id}-password`}>Change your password</h2>
        <form className="console-form" onSubmit={(event) => void submit(event)}>
          {message !== null && (
            <p role="alert" className="console-error">
              {message}
            </p>
          )}
          {/* For password managers: the account this password belongs to. */}
          <input type="email" autoComplete="username" value={user.email} readOnly hidden />
          {field('current_password', 'current-password')}
          {field('new_password', 'new-password')}
          {field('confirmation', 'new-password')}
          <button type="submit" className="console-button console-button--primary" disabled={sending}>
            Change password
          </button>
        </form>
        <p role="status" className="console-outcome">
          {changed ? 'Your password is changed. Every other browser signed in as you is signed out.' : ''}
        </p>
      </section>
      <SecondFactorSection />
    </>
  );
}
