/**
 * The page a password-reset link opens (an admin gave it): the user sets a new password, every session of theirs ends,
 * and the server signs this browser in. A link unknown, used or past its hour says so, and what to do.
 */
import { useState, type FormEvent } from 'react';
import { PASSWORD_RESETS_PATH } from '../contracts/console.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';

export interface PasswordResetPageProps {
  productName: string;
  token: string;
  /** The password is set and the server has signed the user in. */
  onPasswordSet: () => void;
}

export function PasswordResetPage({ productName, token, onPasswordSet }: PasswordResetPageProps) {
  const path = `${PASSWORD_RESETS_PATH}/${encodeURIComponent(token)}`;
  const [loaded] = useConsoleData<{ email: string }>(path);

  if (loaded.state === 'loading') {
    return (
      <main className="console-page console-page--narrow">
        <p role="status">Loading the password-reset link…</p>
      </main>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <main className="console-page console-page--narrow">
        <PageHeading title="This password-reset link cannot be used" productName={productName} />
        <p role="alert" className="console-error">
          {loaded.status === 404
            ? 'The link is unknown, was used already or is more than an hour old. Ask an admin for a new one.'
            : loaded.message}
        </p>
      </main>
    );
  }
  return <NewPassword productName={productName} email={loaded.data.email} path={path} onPasswordSet={onPasswordSet} />;
}

interface NewPasswordProps extends Omit<PasswordResetPageProps, 'token'> {
  email: string;
  path: string;
}

function NewPassword({ productName, email, path, onPasswordSet }: NewPasswordProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'confirmation'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) {
      setError({
        field: 'confirmation',
        text: 'Confirm password: it differs from the password. Type the same password in both fields.',
      });
      return;
    }
    setSending(true);
    setError(null);
    try {
      await consoleCall<unknown>(path, 'POST', { password });
      onPasswordSet();
    } catch (failure) {
      setError({ field: 'password', text: failureMessage(failure) });
      setSending(false);
    }
  };

  const described = (field: 'password' | 'confirmation') =>
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'reset-error' } : {};

  return (
    <main className="console-page console-page--narrow">
      <p className="console-product">{productName}</p>
      <PageHeading title={`Choose a new password for ${email}`} productName={productName} />
      <form className="console-form" onSubmit={(event) => void submit(event)}>
        {error !== null && (
          <p role="alert" id="reset-error" className="console-error">
            {error.text}
          </p>
        )}
        {/* For password managers: the account this password belongs to. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <label className="console-field">
          <span>New password</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            value={password}
            {...described('password')}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <label className="console-field">
          <span>Confirm password</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            value={confirmation}
            {...described('confirmation')}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </label>
        <button type="submit" className="console-button console-button--primary" disabled={sending}>
          Set password
        </button>
      </form>
    </main>
  );
}
