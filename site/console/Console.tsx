/**
 * The operators' console at /admin: its own lazily loaded part of the build (docs/decisions/062-console-bundle.md),
 * rendered alone, never around the form. It asks the server who is signed in, then shows sign-in or the pages the
 * user's role may use: leads for admins and operators, counts for everyone, users and the audit log for admins.
 */
import './console.css';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import {
  CONSOLE_PAGE,
  invitationPage,
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
import { navigate, pathAfter, useConsoleLocation } from './console-router.tsx';

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
  const { pathname } = useConsoleLocation();

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
    navigate(CONSOLE_PAGE);
  }, []);

  const invitation = pathAfter(pathname, invitationPage(''));
  return (
    <div className="console">
      {invitation !== '' ? (
        <InvitationPage
          productName={productName}
          token={invitation}
          onPasswordSet={() => {
            setSession({ state: 'loading' });
            ask();
            navigate(CONSOLE_PAGE);
          }}
        />
      ) : (
        <SessionEndedContext value={sessionEnded}>
          <SignedInArea
            productName={productName}
            pathname={pathname}
            session={session}
            onSignedIn={signedIn}
            onSignedOut={signedOut}
          />
        </SessionEndedContext>
      )}
    </div>
  );
}

interface SignedInAreaProps {
  productName: string;
  pathname: string;
  session: Session;
  onSignedIn: (user: ConsoleUser) => void;
  onSignedOut: () => void;
}

function SignedInArea({ productName, pathname, session, onSignedIn, onSignedOut }: SignedInAreaProps) {
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
  return (
    <>
      <ConsoleHeader productName={productName} user={user} onSignedOut={onSignedOut} />
      <main className="console-page">{consolePage(pathname, productName, user)}</main>
    </>
  );
}

/** The page at this path for this user: one their role may open, or a page that says it is not for them. */
function consolePage(pathname: string, productName: string, user: ConsoleUser): ReactElement {
  const props = { productName, user };
  const only = (allowed: boolean, element: ReactElement) =>
    allowed ? element : <NotAllowed productName={productName} />;
  const leadId = pathAfter(pathname, `${CONSOLE_PAGE}/leads/`);
  if (pathname === CONSOLE_PAGE) {
    return mayUse('leads', user.role) ? <LeadsPage {...props} /> : <CountsPage {...props} />;
  }
  // Keyed by id: another lead's page starts afresh, with nothing of the last one's state.
  if (leadId !== '') return only(mayUse('leads', user.role), <LeadPage key={leadId} {...props} id={leadId} />);
  if (pathname === `${CONSOLE_PAGE}/counts`) return <CountsPage {...props} />;
  if (pathname === `${CONSOLE_PAGE}/users`) return only(mayUse('users', user.role), <UsersPage {...props} />);
  if (pathname === `${CONSOLE_PAGE}/audit`) return only(mayUse('audit', user.role), <AuditPage {...props} />);
  return <PageHeading title="No such page" productName={productName} />;
}

function NotAllowed({ productName }: { productName: string }) {
  return (
    <>
      <PageHeading title="Not for your role" productName={productName} />
      <p>Your role cannot open this page. An admin can change your role.</p>
    </>
  );
}
