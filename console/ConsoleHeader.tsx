/**
 * The signed-in console's header: the product, who is signed in and as what, the pages their role may open, their
 * own account's page.
 */
import { useState } from 'react';
import { ACCOUNT_PAGE, CONSOLE_PAGE, SESSION_PATH, type ConsoleUser } from '../contracts/console.ts';
import { ApiError } from '../engine/api/client.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { mayUse } from './access.ts';
import { FLOWS_PAGE } from './flows/flows-paths.ts';
import { Link, useLocation } from 'react-router-dom';

export interface ConsoleHeaderProps {
  productName: string;
  user: ConsoleUser;
  onSignedOut: () => void;
}

export function ConsoleHeader({ productName, user, onSignedOut }: ConsoleHeaderProps) {
  // /admin/ is /admin.
  const pathname = useLocation().pathname.replace(/\/+$/, '') || '/';
  const [error, setError] = useState<string | null>(null);
  const links = [
    mayUse('leads', user.role) && {
      to: CONSOLE_PAGE,
      label: 'Leads',
      current: pathname === CONSOLE_PAGE || pathname.startsWith(`${CONSOLE_PAGE}/leads/`),
    },
    mayUse('counts', user.role) && {
      to: `${CONSOLE_PAGE}/counts`,
      // The counts are also the home of a role without the leads.
      current: pathname === `${CONSOLE_PAGE}/counts` || (pathname === CONSOLE_PAGE && !mayUse('leads', user.role)),
      label: 'Counts',
    },
    mayUse('funnel', user.role) && {
      to: `${CONSOLE_PAGE}/funnel`,
      current: pathname === `${CONSOLE_PAGE}/funnel`,
      label: 'Funnel',
    },
    {
      // Every role: operators see the versions and their numbers, marketers and admins also change them.
      to: FLOWS_PAGE,
      current: pathname === FLOWS_PAGE || pathname.startsWith(`${FLOWS_PAGE}/`),
      label: 'Flows',
    },
    mayUse('lenders', user.role) && {
      to: `${CONSOLE_PAGE}/lenders`,
      current: pathname === `${CONSOLE_PAGE}/lenders`,
      label: 'Lenders',
    },
    mayUse('users', user.role) && {
      to: `${CONSOLE_PAGE}/users`,
      current: pathname === `${CONSOLE_PAGE}/users`,
      label: 'Users',
    },
    mayUse('audit', user.role) && {
      to: `${CONSOLE_PAGE}/audit`,
      current: pathname === `${CONSOLE_PAGE}/audit`,
      label: 'Audit log',
    },
  ].filter((link) => link !== false);

  const signOut = async () => {
    setError(null);
    try {
      await consoleCall<unknown>(SESSION_PATH, 'DELETE');
    } catch (failure) {
      // Already signed out is what was asked for.
      if (!(failure instanceof ApiError && failure.status === 401)) {
        setError(failureMessage(failure));
        return;
      }
    }
    onSignedOut();
  };

  return (
    <header className="console-header">
      <p className="console-header__product">{productName} console</p>
      <nav aria-label="Console" className="console-header__nav">
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} aria-current={link.current ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console-header__user">
        <span className="console-header__email">
          {user.email} <span className="console-role">({user.role})</span>
        </span>
        <Link to={ACCOUNT_PAGE} aria-current={pathname === ACCOUNT_PAGE ? 'page' : undefined}>
          Your account
        </Link>
        <button type="button" className="console-button console-button--quiet" onClick={() => void signOut()}>
          Sign out
        </button>
        {error !== null && (
          <p role="alert" className="console-error">
            {error}
          </p>
        )}
      </div>
    </header>
  );
}
