/**
 * The operators' console at /admin: a page and build of its own (docs/decisions/062-console-bundle.md), sharing
 * nothing with the visitor's page. It asks the server who is signed in, then shows sign-in or the pages the
 * user's role may use: leads and the buyers (the Lenders page) for admins and operators, counts, the funnel and the
 * flows for everyone, users and the audit log for admins.
 */
import './console.css';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Route, Routes, useMatch, useNavigate, useParams } from 'react-router-dom';
import {
  CONSOLE_PAGE,
  invitationPage,
  passwordResetPage,
  ACCOUNT_PAGE,
  SESSION_PATH,
  type ConsoleUser,
  type SecondFactorStep,
  type SessionResponse,
  type SignedOutResponse,
} from '../contracts/console.ts';
import { ApiError } from '../engine/api/client.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { SessionEndedContext } from './use-console-data.ts';
import { mayUse } from './access.ts';
import { SignIn } from './SignIn.tsx';
import { ConsoleHeader } from './ConsoleHeader.tsx';
import { LeadsPage } from './LeadsPage.tsx';
import { LeadPage } from './LeadPage.tsx';
import { CountsPage } from './CountsPage.tsx';
import { FunnelPage } from './FunnelPage.tsx';
import { LendersPage } from './LendersPage.tsx';
import { UsersPage } from './UsersPage.tsx';
import { AuditPage } from './AuditPage.tsx';
import { InvitationPage } from './InvitationPage.tsx';
import { PasswordResetPage } from './PasswordResetPage.tsx';
import { AccountPage } from './AccountPage.tsx';
import { PageHeading } from './PageHeading.tsx';
import { SecondFactorPage } from './SecondFactorPage.tsx';
import { FlowsRoutes } from './flows/FlowsRoutes.tsx';
import { FLOWS_PAGE } from './flows/flows-paths.ts';

type Session =
  | { state: 'loading' }
  | { state: 'signed-out'; adminExists: boolean }
  | { state: 'signed-in'; user: ConsoleUser; pending: SecondFactorStep | null }
  | { state: 'failed'; message: string };

/**
 * The session as the server answered it. An answer without `second_factor` (from a server of a version before the
 * second factor, while several servers are being updated) asks for no step.
 */
function signedInWith(answer: Pick<SessionResponse, 'user'> & Partial<SessionResponse>): Session {
  return { state: 'signed-in', user: answer.user, pending: answer.second_factor?.pending ?? null };
}

export interface ConsoleProps {
  productName: string;
}

export default function Console({ productName }: ConsoleProps) {
  const [session, setSession] = useState<Session>({ state: 'loading' });
  const navigate = useNavigate();
  const invitation = useMatch(invitationPage(':token'))?.params.token;
  const reset = useMatch(passwordResetPage(':token'))?.params.token;

  const ask = useCallback(() => {
    consoleCall<SessionResponse>(SESSION_PATH).then(
      (answer) => setSession(signedInWith(answer)),
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
  // An invitation or a reset link set the password and the server signed the browser in: ask who, then go home.
  const passwordSet = () => {
    setSession({ state: 'loading' });
    ask();
    void navigate(CONSOLE_PAGE);
  };
  const signedIn = useCallback((answer: SessionResponse) => setSession(signedInWith(answer)), []);
  const secondFactorSet = useCallback(() => {
    setSession({ state: 'loading' });
    ask();
  }, [ask]);
  const signedOut = useCallback(() => {
    setSession({ state: 'signed-out', adminExists: true });
    void navigate(CONSOLE_PAGE);
  }, [navigate]);

  return (
    <div className="console">
      {invitation !== undefined ? (
        <InvitationPage productName={productName} token={invitation} onPasswordSet={passwordSet} />
      ) : reset !== undefined ? (
        <PasswordResetPage productName={productName} token={reset} onPasswordSet={passwordSet} />
      ) : (
        <SessionEndedContext value={sessionEnded}>
          <SignedInArea
            productName={productName}
            session={session}
            onSignedIn={signedIn}
            onSignedOut={signedOut}
            onSecondFactorSet={secondFactorSet}
          />
        </SessionEndedContext>
      )}
    </div>
  );
}

interface SignedInAreaProps {
  productName: string;
  session: Session;
  onSignedIn: (answer: SessionResponse) => void;
  onSignedOut: () => void;
  onSecondFactorSet: () => void;
}

function SignedInArea({ productName, session, onSignedIn, onSignedOut, onSecondFactorSet }: SignedInAreaProps) {
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
  const { user, pending } = session;
  if (pending === 'code') {
    return <SignIn productName={productName} adminExists awaitingCode onSignedIn={onSignedIn} />;
  }
  if (pending === 'set-up') {
    return (
      <SecondFactorPage
        productName={productName}
        email={user.email}
        onDone={onSecondFactorSet}
        onSignedOut={onSignedOut}
      />
    );
  }
  return (
    <>
      <ConsoleHeader productName={productName} user={user} onSignedOut={onSignedOut} />
      <main className="console-page">
        <ConsolePages productName={productName} user={user} />
      </main>
    </>
  );
}

/** The page at this path for this user: one their role may open, or a page that says it is not for them. */
function ConsolePages({ productName, user }: { productName: string; user: ConsoleUser }) {
  const props = { productName, user };
  const only = (allowed: boolean, element: ReactElement) =>
    allowed ? element : <NotAllowed productName={productName} />;
  return (
    <Routes>
      <Route
        path={CONSOLE_PAGE}
        element={mayUse('leads', user.role) ? <LeadsPage {...props} /> : <CountsPage {...props} />}
      />
      <Route path={`${CONSOLE_PAGE}/leads/:id`} element={only(mayUse('leads', user.role), <LeadRoute {...props} />)} />
      <Route path={`${CONSOLE_PAGE}/counts`} element={<CountsPage {...props} />} />
      <Route path={`${CONSOLE_PAGE}/funnel`} element={only(mayUse('funnel', user.role), <FunnelPage {...props} />)} />
      <Route
        path={`${CONSOLE_PAGE}/lenders`}
        element={only(mayUse('lenders', user.role), <LendersPage {...props} />)}
      />
      <Route path={`${FLOWS_PAGE}/*`} element={<FlowsRoutes {...props} />} />
      <Route path={`${CONSOLE_PAGE}/users`} element={only(mayUse('users', user.role), <UsersPage {...props} />)} />
      <Route path={ACCOUNT_PAGE} element={<AccountPage {...props} />} />
      <Route path={`${CONSOLE_PAGE}/audit`} element={only(mayUse('audit', user.role), <AuditPage {...props} />)} />
      <Route path="*" element={<PageHeading title="No such page" productName={productName} />} />
    </Routes>
  );
}

function LeadRoute(props: { productName: string; user: ConsoleUser }) {
  const id = useParams().id ?? '';
  // Keyed by id: another lead's page starts afresh, with nothing of the last one's state.
  return <LeadPage key={id} {...props} id={id} />;
}

function NotAllowed({ productName }: { productName: string }) {
  return (
    <>
      <PageHeading title="Not for your role" productName={productName} />
      <p>Your role cannot open this page. An admin can change your role.</p>
    </>
  );
}
