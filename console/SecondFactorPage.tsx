/**
 * The page of an admin who must sign in with a second factor and has none yet (CONSOLE_MFA required): the console
 * offers nothing else until it is set up, as the server allows nothing else. Signing out is still possible.
 */
import { useState } from 'react';
import { SESSION_PATH } from '../contracts/console.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { PageHeading } from './PageHeading.tsx';
import { SecondFactorSetup } from './SecondFactorSetup.tsx';

export interface SecondFactorPageProps {
  productName: string;
  email: string;
  /** The second factor is on: the console asks the server for the session again. */
  onDone: () => void;
  onSignedOut: () => void;
}

export function SecondFactorPage({ productName, email, onDone, onSignedOut }: SecondFactorPageProps) {
  const [error, setError] = useState<string | null>(null);
  const signOut = async () => {
    try {
      await consoleCall<unknown>(SESSION_PATH, 'DELETE');
      onSignedOut();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <main className="console-page console-page--narrow">
      <p className="console-product">{productName}</p>
      <PageHeading title="Set up a second factor" productName={productName} />
      <p>
        Admins sign in with a code from an authenticator app as well as their password. Set one up for {email} to go on.
      </p>
      <SecondFactorSetup begin="Set up an authenticator app" onDone={onDone} />
      {error !== null && (
        <p role="alert" className="console-error">
          {error}
        </p>
      )}
      <button type="button" className="console-button console-button--quiet" onClick={() => void signOut()}>
        Sign out
      </button>
    </main>
  );
}
