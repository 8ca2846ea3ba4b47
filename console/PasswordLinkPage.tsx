/**
 * The page a one-time link opens (an invitation, a password reset): it shows whose link it is, the user sets a
 * password, and the server signs this browser in. A link unknown, used or too old says so, and what to do. Each kind
 * of link gives its own words.
 */
import { useState, type FormEvent } from 'react';
import { consoleCall, failureMessage } from './console-api.ts';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';

/** What a kind of link says on its page. */
export interface PasswordLinkWords {
  loading: string;
  unusableTitle: string;
  /** Why a link the server does not know (404) cannot be used, and what to do. */
  unusable: string;
  title: (email: string) => string;
  passwordLabel: string;
}

export interface PasswordLinkProps {
  productName: string;
  token: string;
  /** The password is set and the server has signed the user in. */
  onPasswordSet: () => void;
}

export function PasswordLinkPage({
  productName,
  token,
  onPasswordSet,
  path: linksPath,
  words,
}: PasswordLinkProps & { path: string; words: PasswordLinkWords }) {
  const path = `${linksPath}/${encodeURIComponent(token)}`;
  const [loaded] = useConsoleData<{ email: string }>(path);

  if (loaded.state === 'loading') {
    return (
      <main className="console-page console-page--narrow">
        <p role="status">{words.loading}</p>
      </main>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <main className="console-page console-page--narrow">
        <PageHeading title={words.unusableTitle} productName={productName} />
        <p role="alert" className="console-error">
          {loaded.status === 404 ? words.unusable : loaded.message}
        </p>
      </main>
    );
  }
  return (
    <NewPassword
      productName={productName}
      email={loaded.data.email}
      path={path}
      words={words}
      onPasswordSet={onPasswordSet}
    />
  );
}

interface NewPasswordProps extends Omit<PasswordLinkProps, 'token'> {
  email: string;
  path: string;
  words: PasswordLinkWords;
}

function NewPassword({ productName, email, path, words, onPasswordSet }: NewPasswordProps) {
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
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'password-link-error' } : {};

  return (
    <main className="console-page console-page--narrow">
      <p className="console-product">{productName}</p>
      <PageHeading title={words.title(email)} productName={productName} />
      <form className="console-form" onSubmit={(event) => void submit(event)}>
        {error !== null && (
          <p role="alert" id="password-link-error" className="console-error">
            {error.text}
          </p>
        )}
        {/* For password managers: the account this password belongs to. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <label className="console-field">
          <span>{words.passwordLabel}</span>
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
