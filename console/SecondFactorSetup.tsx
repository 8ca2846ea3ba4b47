/**
 * Setting up a second factor: the server makes a secret, shown as a QR code for the authenticator app to scan and as
 * text to type in by hand; a code from the app confirms it. Then the ten recovery codes, shown this once, with a way
 * to copy them; the user says they have kept them before going on. Used on its own page (an admin who must have a
 * second factor) and on "Your account".
 */
import { useId, useState, type FormEvent } from 'react';
import {
  SECOND_FACTOR_CONFIRM_PATH,
  SECOND_FACTOR_SETUP_PATH,
  type ConfirmResponse,
  type SetupResponse,
} from '../contracts/console-second-factor.ts';
import { consoleCall, failureMessage } from './console-api.ts';

/** "1 recovery code", "3 recovery codes", "no recovery codes". */
export function recoveryCodes(count: number): string {
  if (count === 0) return 'no recovery codes';
  return count === 1 ? '1 recovery code' : `${count} recovery codes`;
}

type Stage = { at: 'start' } | { at: 'scan'; setup: SetupResponse } | { at: 'codes'; codes: string[] };

export interface SecondFactorSetupProps {
  /** The button that begins: "Set up" the first time, "Set up again" to replace one. */
  begin: string;
  /** The recovery codes were kept: the second factor is on. */
  onDone: () => void;
}

export function SecondFactorSetup({ begin, onDone }: SecondFactorSetupProps) {
  const [stage, setStage] = useState<Stage>({ at: 'start' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [copied, setCopied] = useState(false);
  const codeHint = useId();

  const call = async (action: () => Promise<void>) => {
    setSending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failureMessage(failure));
    }
    setSending(false);
  };

  const start = () =>
    call(async () => {
      setStage({ at: 'scan', setup: await consoleCall<SetupResponse>(SECOND_FACTOR_SETUP_PATH, 'POST') });
      setCode('');
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return call(async () => {
      const { recovery_codes } = await consoleCall<ConfirmResponse>(SECOND_FACTOR_CONFIRM_PATH, 'POST', { code });
      setStage({ at: 'codes', codes: recovery_codes });
    });
  };

  const copy = async (codes: string[]) => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setError('The codes could not be copied: select them and copy them by hand.');
    }
  };

  const alert = error !== null && (
    <p role="alert" className="console-error">
      {error}
    </p>
  );

  if (stage.at === 'start') {
    return (
      <div className="console-second-factor">
        {alert}
        <button
          type="button"
          className="console-button console-button--primary"
          disabled={sending}
          onClick={() => void start()}
        >
          {begin}
        </button>
      </div>
    );
  }

  if (stage.at === 'scan') {
    const { setup } = stage;
    return (
      <div className="console-second-factor">
        <ol>
          <li>
            Open an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password)
            and scan this code:
            <img src={setup.qr_code} alt="QR code of the secret for your authenticator app" width={200} height={200} />
          </li>
          <li>
            Or type this secret into the app: <code aria-label="Secret">{setup.secret}</code>
          </li>
          <li>Enter the six-digit code the app now shows.</li>
        </ol>
        <form className="console-form" onSubmit={(event) => void confirm(event)}>
          {alert}
          <label className="console-field">
            <span>Code from the app</span>
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              aria-describedby={codeHint}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
          <p id={codeHint}>The second factor is on once this code is confirmed.</p>
          <button type="submit" className="console-button console-button--primary" disabled={sending}>
            Confirm
          </button>
        </form>
      </div>
    );
  }

  return (
    <section className="console-note" aria-labelledby="recovery-codes">
      <h2 id="recovery-codes">Your recovery codes</h2>
      <p>
        Keep these codes somewhere safe, apart from your phone. Each signs you in once if you lose the app; they are not
        shown again.
      </p>
      <ul aria-label="Recovery codes" className="console-recovery-codes">
        {stage.codes.map((recovery) => (
          <li key={recovery}>
            <code>{recovery}</code>
          </li>
        ))}
      </ul>
      {alert}
      <p className="console-link-row">
        <button type="button" className="console-button" onClick={() => void copy(stage.codes)}>
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button type="button" className="console-button console-button--primary" onClick={onDone}>
          I have kept them
        </button>
      </p>
    </section>
  );
}
