/**
 * The sign-in page. A wrong email or password gets the one message that does not say which was wrong; a lockout
 * (429) shows the server's words, which say how long to wait. Where no admin exists yet it says how to make one.
 * A user with a second factor then gives the code from their app, or a recovery code (after which the page says how
 * many are left); five wrong codes end the sign-in, and it starts again with the password.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SESSION_PATH, SIGN_IN_FAILED, type SessionResponse } from '../contracts/console.ts';
import { SIGN_IN_CODE_PATH, type SignInCodeResponse } from '../contracts/console-second-factor.ts';
import { ApiError } from '../engine/api/client.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { PageHeading } from './PageHeading.tsx';
import { recoveryCodes } from './SecondFactorSetup.tsx';

export interface SignInProps {
  productName: string;
  adminExists: boolean;
  /** The password was given already (the page was reloaded): the code is asked for. */
  awaitingCode?: boolean;
  onSignedIn: (session: SessionResponse) => void;
}

type Step = { at: 'password' } | { at: 'code' } | { at: 'recovered'; session: SignInCodeResponse };

export function SignIn({ productName, adminExists, awaitingCode = false, onSignedIn }: SignInProps) {
  const [step, setStep] = useState<Step>({ at: awaitingCode ? 'code' : 'password' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (action: () => Promise<void>, refusal: (failure: unknown) => string) => {
    setSending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(refusal(failure));
    }
    setSending(false);
  };

  const signIn = (email: string, password: string) =>
    send(
      async () => {
        const session = await consoleCall<SessionResponse>(SESSION_PATH, 'POST', { email, password });
        if (session.second_factor.pending === 'code') setStep({ at: 'code' });
        else onSignedIn(session);
      },
      (failure) => (failure instanceof ApiError && failure.status === 401 ? SIGN_IN_FAILED : failureMessage(failure)),
    );

  const giveCode = (code: string) =>
    send(
      async () => {
        const session = await consoleCall<SignInCodeResponse>(SIGN_IN_CODE_PATH, 'POST', { code });
        if (session.used_recovery_code) setStep({ at: 'recovered', session });
        else onSignedIn(session);
      },
      (failure) => {
        // The sign-in ended (too many wrong codes, its time ran out) or is locked: back to the password.
        const ended =
          failure instanceof ApiError &&
          (failure.status === 429 || (failure.status === 401 && failure.body?.error !== 'code_wrong'));
        if (ended) setStep({ at: 'password' });
        return failureMessage(failure);
      },
    );

  const startAgain = async () => {
    // The half-open session ends on the server too; already gone is what was asked for.
    await consoleCall<unknown>(SESSION_PATH, 'DELETE').catch(() => undefined);
    setError(null);
    setStep({ at: 'password' });
  };

  const alert = error !== null && (
    <p role="alert" className="console-error">
      {error}
    </p>
  );

  return (
    <main className="console-page console-page--narrow">
      <p className="console-product">{productName}</p>
      <PageHeading title="Sign in" productName={productName} />
      {!adminExists && step.at === 'password' && (
        <section className="console-note" aria-labelledby="first-admin">
          <h2 id="first-admin">No admin yet</h2>
          <p>
            Make the first admin on the server: set <code>ADMIN_EMAIL</code> and <code>ADMIN_PASSWORD</code> and restart
            it, or run <code>npm run leads -- add-admin &lt;email&gt;</code>.
          </p>
        </section>
      )}
      {step.at === 'password' && (
        <PasswordForm alert={alert} sending={sending} onSubmit={(email, password) => void signIn(email, password)} />
      )}
      {step.at === 'code' && (
        <CodeForm
          alert={alert}
          sending={sending}
          onSubmit={(code) => void giveCode(code)}
          onStartAgain={() => void startAgain()}
        />
      )}
      {step.at === 'recovered' && (
        <div className="console-note" role="status">
          <p>
            You signed in with a recovery code; it cannot be used again. You have{' '}
            {recoveryCodes(step.session.second_factor.recovery_codes_left)} left. If your phone is lost, set up your
            second factor again under Your account, which gives you new codes.
          </p>
          <button
            type="button"
            className="console-button console-button--primary"
            onClick={() => onSignedIn(step.session)}
          >
            Continue
          </button>
        </div>
      )}
    </main>
  );
}

interface PasswordFormProps {
  alert: ReactNode;
  sending: boolean;
  onSubmit: (email: string, password: string) => void;
}

function PasswordForm({ alert, sending, onSubmit }: PasswordFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email, password);
  };
  return (
    <form className="console-form" onSubmit={submit}>
      {alert}
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
  );
}

interface CodeFormProps {
  alert: ReactNode;
  sending: boolean;
  onSubmit: (code: string) => void;
  onStartAgain: () => void;
}

function CodeForm({ alert, sending, onSubmit, onStartAgain }: CodeFormProps) {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The password form this replaces held the focus: it goes to the one field of this step.
  useEffect(() => input.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form className="console-form" onSubmit={submit} aria-describedby="code-hint">
      {alert}
      <p id="code-hint">Enter the six-digit code your authenticator app shows, or one of your recovery codes.</p>
      <label className="console-field">
        <span>Authentication code</span>
        <input
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          ref={input}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </label>
      <button type="submit" className="console-button console-button--primary" disabled={sending}>
        Verify
      </button>
      <button type="button" className="console-button console-button--quiet" onClick={onStartAgain}>
        Use another account
      </button>
    </form>
  );
}
