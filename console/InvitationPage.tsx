/**
 * The page an invitation link opens: the invited user sets a password, is signed in by the server and goes to the
 * console's home. A link unknown, used or past its 72 hours says so.
 */
import { useState, type FormEvent } from 'react';
import { INVITATIONS_PATH } from '../contracts/console.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';

export interface InvitationPageProps {
  productName: string;
  token: string;
  /** The password is set and the server has signed the user in. */
  onPasswordSet: () => void;
}

export function InvitationPage({ productName, token, onPasswordSet }: InvitationPageProps) {
  const path = `${INVITATIONS_PATH}/${encodeURIComponent(token)}`;
  const [loaded] = useConsoleData<{ email: string }>(path);

  if (loaded.state === 'loading') {
    return (
      <main className="console-page console-page--narrow">
        <p role="status">Loading the invitation…</p>
      </main>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <main className="console-page console-page--narrow">
        <PageHeading title="This invitation cannot be used" productName={productName} />
        <p role="alert" className="console-error">
          {loaded.status === 404
            ? 'The link is unknown, was used already or is more than 72 hours old. Ask an admin for a new one.'
            : loaded.message}
        </p>
      </main>
    );
  }
  return <SetPassword productName={productName} email={loaded.data.email} path={path} onPasswordSet={onPasswordSet} />;
}

interface SetPasswordProps extends Omit<InvitationPageProps, 'token'> {
  email: string;
  path: string;
}

function SetPassword({ productName, email, path, onPasswordSet }: SetPasswordProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) {
      setError('Confirm password: it differs from the password. Type the same password in both fields.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await consoleCall<unknown>(path, 'POST', { password });
      onPasswordSet();
    } catch (failure) {
      setError(failureMessage(failure));
      setSending(false);
    }
  };

  return (
    <main className="console-page console-page--narrow">
      <p className="console-product">{productName}</p>
      <PageHeading title={`Set a password for ${email}`} productName={productName} />
      <form className="console-form" onSubmit={(event) => void submit(event)}>
        {error !== null && (
          <p role="alert" className="console-error">
            {error}
          </p>
        )}
        {/* For password managers: the account this password belongs to. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <label className="console-field">
          <span>Password</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            value={password}
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
