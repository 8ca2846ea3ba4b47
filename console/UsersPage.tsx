/**
 * The console's users, for admins: who they are, their role and status, when they last signed in, whether they sign in
 * with a second factor, whether failed sign-ins lock them out now and until when; an invitation that shows the
 * one-time link to pass on (there is no mail service); per user a role change, disable or enable (confirmed first),
 * Unlock for a locked account, a password-reset link to pass on like an invitation's, and Reset second factor for a
 * lost phone (confirmed first). Disabling and a reset end the user's sessions at once (the server's doing).
 */
import { useState, type FormEvent } from 'react';
import {
  ROLES,
  USERS_PATH,
  userPasswordResetPath,
  userUnlockPath,
  type AccountLock,
  type ConsoleUser,
  type InviteResponse,
  type PasswordResetIssuedResponse,
  type Role,
  type UserEntry,
  type UserResponse,
  type UsersResponse,
} from '../contracts/console.ts';
import { secondFactorResetPath } from '../contracts/console-second-factor.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { fieldText, formatTime } from './format.ts';
import { LoadingOrFailed } from './LoadingOrFailed.tsx';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';
import { ScrollingTable } from './ScrollingTable.tsx';

export interface UsersPageProps {
  productName: string;
  user: ConsoleUser;
}

export function UsersPage({ productName, user: me }: UsersPageProps) {
  const [loaded, reload] = useConsoleData<UsersResponse>(USERS_PATH);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [reset, setReset] = useState<PasswordResetIssuedResponse | null>(null);

  /** Runs a change, says what came of it and loads the list again. */
  const change = async (what: string, call: () => Promise<UserResponse>) => {
    setOutcome(null);
    try {
      const { user } = await call();
      setOutcome({ text: `${what}: ${user.email} is now ${user.role}, ${user.status}.`, failed: false });
    } catch (error) {
      setOutcome({ text: `${what} failed: ${failureMessage(error)}`, failed: true });
    }
    reload();
  };
  const userPath = (user: UserEntry) => `${USERS_PATH}/${encodeURIComponent(user.id)}`;
  const lockOf = (user: UserEntry) =>
    loaded.state === 'loaded' ? loaded.data.locks.find((lock) => lock.user_id === user.id) : undefined;
  const unlock = async (user: UserEntry) => {
    setOutcome(null);
    try {
      await consoleCall<UserResponse>(userUnlockPath(encodeURIComponent(user.id)), 'POST');
      setOutcome({ text: `Unlocked: ${user.email} can sign in again from anywhere.`, failed: false });
    } catch (error) {
      setOutcome({ text: `Unlock failed: ${failureMessage(error)}`, failed: true });
    }
    reload();
  };
  const issueReset = async (user: UserEntry) => {
    setOutcome(null);
    setReset(null);
    try {
      setReset(
        await consoleCall<PasswordResetIssuedResponse>(userPasswordResetPath(encodeURIComponent(user.id)), 'POST'),
      );
    } catch (error) {
      setOutcome({ text: `Reset link failed: ${failureMessage(error)}`, failed: true });
    }
  };

  return (
    <>
      <PageHeading title="Users" productName={productName} />
      <InviteForm onInvited={reload} />
      <p role="status" className={outcome?.failed ? 'console-error' : 'console-outcome'}>
        {outcome?.text}
      </p>
      {reset !== null && <ResetLink reset={reset} />}
      <LoadingOrFailed loaded={loaded} loading="Loading users…" retry={reload}>
        {({ users }) => (
          <ScrollingTable caption="Users">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Second factor</th>
                <th scope="col">Sign-in lock</th>
                <th scope="col">Access</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <th scope="row">{user.email}</th>
                  <td>
                    <RoleForm
                      user={user}
                      disabled={user.id === me.id}
                      onSave={(role) =>
                        void change('Role changed', () => consoleCall(userPath(user), 'PATCH', { role }))
                      }
                    />
                  </td>
                  <td>{user.status}</td>
                  <td>{formatTime(user.last_sign_in_at)}</td>
                  <td>{user.second_factor ? 'On' : 'Off'}</td>
                  <td>
                    <LockCell user={user} lock={lockOf(user)} onUnlock={() => void unlock(user)} />
                  </td>
                  <td>
                    <div className="console-row-actions">
                      {user.id === me.id ? (
                        'You'
                      ) : user.status === 'disabled' ? (
                        <ConfirmButton
                          label="Enable"
                          question={`Enable ${user.email}?`}
                          onConfirm={() =>
                            void change('Enabled', () =>
                              consoleCall(`${userPath(user)}/status`, 'POST', { status: 'active' }),
                            )
                          }
                        >
                          They can sign in again with their password.
                        </ConfirmButton>
                      ) : (
                        <ConfirmButton
                          label="Disable"
                          question={`Disable ${user.email}?`}
                          onConfirm={() =>
                            void change('Disabled', () =>
                              consoleCall(`${userPath(user)}/status`, 'POST', { status: 'disabled' }),
                            )
                          }
                        >
                          They are signed out everywhere at once and cannot sign in until enabled again.
                        </ConfirmButton>
                      )}
                      {user.id !== me.id && user.status === 'active' && (
                        <button
                          type="button"
                          className="console-button"
                          aria-label={`Reset link for ${user.email}`}
                          onClick={() => void issueReset(user)}
                        >
                          Reset link
                        </button>
                      )}
                      {user.id !== me.id && user.second_factor && (
                        <ConfirmButton
                          label="Reset second factor"
                          question={`Reset the second factor of ${user.email}?`}
                          onConfirm={() =>
                            void change('Second factor reset', () =>
                              consoleCall(secondFactorResetPath(encodeURIComponent(user.id)), 'POST'),
                            )
                          }
                        >
                          For a lost phone: they are signed out everywhere and sign in with their password alone until
                          they set up a new one
                          {user.role === 'admin' ? ', which as an admin they may have to do first' : ''}.
                        </ConfirmButton>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        )}
      </LoadingOrFailed>
    </>
  );
}

/** Whether failed sign-ins lock the user out now, until when and from where, with Unlock. */
function LockCell({ user, lock, onUnlock }: { user: UserEntry; lock: AccountLock | undefined; onUnlock: () => void }) {
  if (lock === undefined) return '—';
  const from = lock.everywhere
    ? 'from every address'
    : `from ${lock.addresses} address${lock.addresses === 1 ? '' : 'es'}`;
  return (
    <span className="console-inline">
      <span>
        Locked {from} until {formatTime(lock.until)}
      </span>
      <button type="button" className="console-button" aria-label={`Unlock ${user.email}`} onClick={onUnlock}>
        Unlock
      </button>
    </span>
  );
}

/** A password-reset link just made, to pass on as an invitation's is: it works once, for an hour. */
function ResetLink({ reset }: { reset: PasswordResetIssuedResponse }) {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reset.reset_url);
      setCopied(true);
    } catch {
      setError('The link could not be copied: select it and copy it by hand.');
    }
  };
  return (
    <section className="console-note" aria-label={`Reset link for ${reset.user.email}`}>
      <p role="status">
        A password-reset link for {reset.user.email}. Pass it on; it sets their password once, signs them out
        everywhere, and expires {formatTime(reset.reset_expires_at)}. Any earlier link of theirs no longer works.
      </p>
      <p className="console-link-row">
        <input
          readOnly
          aria-label="Password-reset link"
          value={reset.reset_url}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="console-button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </p>
      {error !== null && (
        <p role="alert" className="console-error">
          {error}
        </p>
      )}
    </section>
  );
}

/** A user's role as a select with its own Save; an admin cannot change their own (they would lock themselves out). */
function RoleForm({ user, disabled, onSave }: { user: UserEntry; disabled: boolean; onSave: (role: Role) => void }) {
  const [role, setRole] = useState<Role>(user.role);
  return (
    <form
      className="console-inline"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(role);
      }}
    >
      <select
        aria-label={`Role of ${user.email}`}
        value={role}
        disabled={disabled}
        onChange={(event) => setRole(roleOf(event.target.value))}
      >
        {ROLES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="console-button"
        aria-label={`Save role of ${user.email}`}
        disabled={disabled || role === user.role}
      >
        Save
      </button>
    </form>
  );
}

function roleOf(value: string): Role {
  return ROLES.find((role) => role === value) ?? 'marketer';
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [invite, setInvite] = useState<InviteResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(null);
    setInvite(null);
    setCopied(false);
    try {
      const answer = await consoleCall<InviteResponse>(USERS_PATH, 'POST', {
        email: fieldText(data, 'email'),
        role: roleOf(fieldText(data, 'role')),
      });
      setInvite(answer);
      form.reset();
      onInvited();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setError('The link could not be copied: select it and copy it by hand.');
    }
  };

  return (
    <section aria-labelledby="invite-heading" className="console-invite">
      <h2 id="invite-heading">Invite a user</h2>
      <form className="console-filters" onSubmit={(event) => void submit(event)}>
        <label className="console-field console-field--wide">
          <span>Email</span>
          <input type="email" name="email" autoComplete="off" required />
        </label>
        <label className="console-field">
          <span>Role</span>
          <select name="role" defaultValue="operator">
            {ROLES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="console-button console-button--primary">
          Invite
        </button>
      </form>
      {error !== null && (
        <p role="alert" className="console-error">
          {error}
        </p>
      )}
      {invite !== null && (
        <div className="console-note" role="status">
          <p>
            {invite.user.email} is invited. Pass this link on; it sets their password once and expires{' '}
            {formatTime(invite.invite_expires_at)}:
          </p>
          <p className="console-link-row">
            <input
              readOnly
              aria-label="Invitation link"
              value={invite.invite_url}
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="console-button" onClick={() => void copy(invite.invite_url)}>
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </p>
        </div>
      )}
    </section>
  );
}
