/**
 * The operators' console at /admin: its own lazily loaded part of the build (docs/decisions/062-console-bundle.md),
 * rendered alone, never around the form. It asks the server who is signed in, then shows sign-in or the pages the
 * user's role may use: leads for admins and operators, counts for everyone, users and the audit log for admins.
 */
import './console.css';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import {
  CONSOLE_PAGE,
  SESSION_PATH,
  type ConsoleUser,
  type SessionResponse,
  type SignedOutResponse,
} from '../../engine/api/console.ts';
import { ApiError, consoleCall, failureMessage } from './console-api.ts';
import { SessionEndedContext } from './use-console-data.ts';
import { mayUse } from './access.ts';
import { SignIn } from './SignIn.tsx';
import { ConsoleHeader } from './ConsoleHeader.tsx';
import { LeadsPage } from './LeadsPage.tsx';
import { LeadPage } from './LeadPage.tsx';
import { CountsPage } from './CountsPage.tsx';
import { UsersPage } from './UsersPage.tsx';
import { AuditPage } from './AuditPage.tsx';
import { InvitationPage } from './InvitationPage.tsx';
import { PageHeading } from './PageHeading.tsx';

type Session =
  | { state: 'loading' }
  | { state: 'signed-out'; adminExists: boolean }
  | { state: 'signed-in'; user: ConsoleUser }
  | { state: 'failed'; message: string };

export interface ConsoleProps {
  productName: string;
}

export default function Console({ productName }: ConsoleProps) {
  const [session, setSession] = useState<Session>({ state: 'loading' });
  const navigate = useNavigate();

  const ask = useCallback(() => {
    consoleCall<SessionResponse>(SESSION_PATH).then(
      ({ user }) => setSession({ state: 'signed-in', user }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          // The 401 body says whether any admin exists (signedOutResponse); without it, assume one does.
          const body = error.body as Partial<SignedOutResponse> | undefined;
          setSession({ state: 'signed-out', adminExists: body?.admin_exists !== false });
        } else {
          setSession({ state: 'failed', message: failureMessage(error) });
        }
      },
    );
  }, []);

  useEffect(ask, [ask]);

  const sessionEnded = useCallback(() => setSession({ state: 'signed-out', adminExists: true }), []);
  const signedIn = useCallback((user: ConsoleUser) => setSession({ state: 'signed-in', user }), []);
  const signedOut = useCallback(() => {
    setSession({ state: 'signed-out', adminExists: true });
    void navigate(CONSOLE_PAGE);
  }, [navigate]);

  return (
    <div className="console">
      <Routes>
        <Route
          path="invite/:token"
          element={
            <InvitationPage
              productName={productName}
              onPasswordSet={() => {
                setSession({ state: 'loading' });
                ask();
                void navigate(CONSOLE_PAGE);
              }}
            />
          }
        />
        <Route
          path="*"
          element={
            <SessionEndedContext value={sessionEnded}>
              <SignedInArea productName={productName} session={session} onSignedIn={signedIn} onSignedOut={signedOut} />
            </SessionEndedContext>
          }
        />
      </Routes>
    </div>
  );
}

interface SignedInAreaProps {
  productName: string;
  session: Session;
  onSignedIn: (user: ConsoleUser) => void;
  onSignedOut: () => void;
}

function SignedInArea({ productName, session, onSignedIn, onSignedOut }: SignedInAreaProps) {
  if (session.state === 'loading') {
    return (
      <main className="console-page" aria-busy="true">
        <p role="status">Loading…</p>
      </main>
    );
  }
  if (session.state === 'failed') {
    return (
      <main className="console-page">
        <PageHeading title="The console is unavailable" productName={productName} />
        <p role="alert" className="console-error">
          {session.message}
        </p>
      </main>
    );
  }
  if (session.state === 'signed-out') {
    return <SignIn productName={productName} adminExists={session.adminExists} onSignedIn={onSignedIn} />;
  }
  const { user } = session;
  const page = { productName, user };
  const only = (allowed: boolean, element: ReactElement) =>
    allowed ? element : <NotAllowed productName={productName} />;
  return (
    <>
      <ConsoleHeader productName={productName} user={user} onSignedOut={onSignedOut} />
      <main className="console-page">
        <Routes>
          <Route index element={mayUse('leads', user.role) ? <LeadsPage {...page} /> : <CountsPage {...page} />} />
          <Route path="leads/:id" element={only(mayUse('leads', user.role), <LeadPage {...page} />)} />
          <Route path="counts" element={<CountsPage {...page} />} />
          <Route path="users" element={only(mayUse('users', user.role), <UsersPage {...page} />)} />
          <Route path="audit" element={only(mayUse('audit', user.role), <AuditPage {...page} />)} />
          <Route path="*" element={<PageHeading title="No such page" productName={productName} />} />
        </Routes>
      </main>
    </>
  );
}

function NotAllowed({ productName }: { productName: string }) {
  return (
    <>
      <PageHeading title="Not for your role" productName={productName} />
      <p>Your role cannot open this page. An admin can change your role.</p>
    </>
  );
}
