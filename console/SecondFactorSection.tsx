/**
 * "Your account"'s second factor: whether the user signs in with a code from an authenticator app and how many
 * recovery codes are left; setting one up, or up again (a new phone, or new recovery codes); and removing it with a
 * current code, where it is not required of them (admins, where CONSOLE_MFA is required, must keep one).
 */
import { useState, type FormEvent } from 'react';
import { SESSION_PATH, type SessionResponse } from '../contracts/console.ts';
import { SECOND_FACTOR_REMOVAL_PATH } from '../contracts/console-second-factor.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { recoveryCodes, SecondFactorSetup } from './SecondFactorSetup.tsx';
import { LoadingOrFailed } from './LoadingOrFailed.tsx';
import { useConsoleData } from './use-console-data.ts';

export function SecondFactorSection() {
  const [loaded, reload] = useConsoleData<SessionResponse>(SESSION_PATH);
  const [outcome, setOutcome] = useState<string | null>(null);
  // Keyed by each set-up or removal: the set-up starts afresh after either.
  const [round, setRound] = useState(0);

  const changed = (text: string) => {
    setOutcome(text);
    setRound((count) => count + 1);
    reload();
  };

  return (
    <section aria-labelledby="second-factor-heading" className="console-panel--narrow">
      <h2 id="second-factor-heading">Second factor</h2>
      <LoadingOrFailed loaded={loaded} loading="Loading your second factor…" retry={reload} />
      <p role="status" className="console-outcome">
        {outcome}
      </p>
      {loaded.state === 'loaded' && (
        <>
          {loaded.data.second_factor.enabled ? (
            <p>
              On: you sign in with a code from your authenticator app. You have{' '}
              {recoveryCodes(loaded.data.second_factor.recovery_codes_left)} left.
            </p>
          ) : (
            <p>
              Off: you sign in with your password alone. A code from an authenticator app on your phone keeps your
              account safe even if your password is known.
            </p>
          )}
          <SecondFactorSetup
            key={round}
            begin={loaded.data.second_factor.enabled ? 'Set up again' : 'Set up'}
            onDone={() => changed('The second factor is on.')}
          />
          {loaded.data.second_factor.enabled && !loaded.data.second_factor.required && (
            <RemovalForm onRemoved={() => changed('The second factor is removed.')} />
          )}
        </>
      )}
    </section>
  );
}

function RemovalForm({ onRemoved }: { onRemoved: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await consoleCall<unknown>(SECOND_FACTOR_REMOVAL_PATH, 'POST', { code });
      setCode('');
      onRemoved();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <form className="console-form" aria-label="Remove the second factor" onSubmit={(event) => void submit(event)}>
      {error !== null && (
        <p role="alert" className="console-error">
          {error}
        </p>
      )}
      <label className="console-field">
        <span>Current code</span>
        <input
          name="code"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </label>
      <button type="submit" className="console-button">
        Remove second factor
      </button>
    </form>
  );
}
