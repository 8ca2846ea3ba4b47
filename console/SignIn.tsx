/**
 * The sign-in page. A wrong email or password gets the one message that does not say which was wrong; a lockout
 * (429) shows the server's words, which say how long to wait. Where no admin exists yet it says how to make one.
 */
import { useState, type FormEvent } from 'react';
import { SESSION_PATH, SIGN_IN_FAILED, type ConsoleUser, type SessionResponse } from '../contracts/console.ts';
import { ApiError } from '../engine/api/client.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { PageHeading } from './PageHeading.tsx';

export interface SignInProps {
  productName: string;
  adminExists: boolean;
  onSignedIn: (user: ConsoleUser) => void;
}

export function SignIn({ productName, adminExists, onSignedIn }: SignInProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const { user } = await consoleCall<SessionResponse>(SESSION_PATH, 'POST', { email, password });
      onSignedIn(user);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 401 ? SIGN_IN_FAILED : failureMessage(failure));
      setSending(false);
    }
  };

  return (
    <main className="console-page console-page--narrow">
      <p className="console-product">{productName}</p>
      <PageHeading title="Sign in" productName={productName} />
      {!adminExists && (
        <section className="console-note" aria-labelledby="first-admin">
          <h2 id="first-admin">No admin yet</h2>
          <p>
            Make the first admin on the server: set <code>ADMIN_EMAIL</code> and <code>ADMIN_PASSWORD</code> and restart
            it, or run <code>npm run leads -- add-admin &lt;email&gt;</code>.
          </p>
        </section>
      )}
      <form className="console-form" onSubmit={(event) => void submit(event)}>
        {error !== null && (
          <p role="alert" className="console-error">
            {error}
          </p>
        )}
        <label className="console-field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="console-field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button type="submit" className="console-button console-button--primary" disabled={sending}>
          Sign in
        </button>
      </form>
    </main>
  );
}
