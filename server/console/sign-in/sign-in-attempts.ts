/**
 * Sign-in lockout (docs/decisions/063-sign-in-lockout.md), counted in the database so that it holds across servers.
 * An attempt is taken BEFORE its password is checked, from an atomic counter per key and 15-minute window, so however
 * many arrive at once no key has more than its limit checked in a window. A key's window begins with its first
 * attempt (not at a quarter hour), so a burst of guesses is counted in one window however the clock falls, and a lock
 * lasts until 15 minutes after that first attempt:
 * - one account from one client address (an IPv6 address by its /64): 10. A guesser locks their own address, not
 *   the account's owner signing in from another;
 * - one address, any accounts: 30;
 * - one account from every address: 100, the backstop against a guesser spread over many addresses; an admin can
 *   lift it (and the account's other locks) early.
 * The account is the email typed, whether or not it has an account, so a lock tells nothing. A refused attempt is
 * not checked, and gives back what it took from the keys before the one that refused it.
 */
import type { Queryable } from '../../platform/db/types.ts';

export const WINDOW_MS = 15 * 60_000;
export const ACCOUNT_AT_ADDRESS_LIMIT = 10;
export const ADDRESS_LIMIT = 30;
export const ACCOUNT_LIMIT = 100;

export interface SignInKeys {
  /** The email typed, normalised. */
  account: string;
  /** addressKey of the client's address. */
  address: string;
}

export type LockKind = 'account-address' | 'address' | 'account';

/** The keys in the order they are taken: a guesser's own first, so their refusals never reach the account's. */
const KEYS: readonly { kind: LockKind; limit: number; of: (keys: SignInKeys) => [string, string] }[] = [
  { kind: 'account-address', limit: ACCOUNT_AT_ADDRESS_LIMIT, of: (keys) => [keys.account, keys.address] },
  { kind: 'address', limit: ADDRESS_LIMIT, of: (keys) => ['', keys.address] },
  { kind: 'account', limit: ACCOUNT_LIMIT, of: (keys) => [keys.account, ''] },
];

export type Attempt =
  | { taken: true }
  /** `began`: this attempt was the first the key refused in its window, so its lock began now. */
  | { taken: false; until: Date; kind: LockKind; began: boolean };

/** Windows that began at or before this time are over. */
function expired(at: number): Date {
  return new Date(at - WINDOW_MS);
}

/** One more attempt of a key, in its window or in a new one beginning now: the count, and when the window began. */
async function take(db: Queryable, kind: LockKind, [account, address]: [string, string], at: number) {
  const { rows } = await db.query<{ attempts: number; window_start: Date }>(
    `insert into console_sign_in_attempts as t (kind, account, address, window_start, attempts)
     values ($1, $2, $3, $4, 1)
     on conflict (kind, account, address) do update
       set attempts = case when t.window_start <= $5 then 1 else t.attempts + 1 end,
           window_start = case when t.window_start <= $5 then excluded.window_start else t.window_start end
     returning attempts, window_start`,
    [kind, account, address, new Date(at), expired(at)],
  );
  return rows[0]!;
}

/** Gives a key back one attempt of its window, if that window is still open. */
async function giveBack(db: Queryable, kind: LockKind, [account, address]: [string, string], at: number) {
  await db.query(
    `update console_sign_in_attempts set attempts = attempts - 1
      where kind = $1 and account = $2 and address = $3 and window_start > $4 and attempts > 0`,
    [kind, account, address, expired(at)],
  );
}

/** Takes one sign-in attempt for `keys` at `at`, or says which lock refuses it and until when. */
export async function takeSignInAttempt(db: Queryable, keys: SignInKeys, at: number): Promise<Attempt> {
  for (const [index, key] of KEYS.entries()) {
    const { attempts, window_start: began } = await take(db, key.kind, key.of(keys), at);
    if (index === 0 && attempts === 1) {
      // A new window for this account at this address: the windows that are over lock nothing any more.
      await db.query('delete from console_sign_in_attempts where window_start <= $1', [expired(at)]);
    }
    if (attempts > key.limit) {
      for (const earlier of KEYS.slice(0, index)) await giveBack(db, earlier.kind, earlier.of(keys), at);
      return {
        taken: false,
        until: new Date(began.getTime() + WINDOW_MS),
        kind: key.kind,
        began: attempts === key.limit + 1,
      };
    }
  }
  return { taken: true };
}

/**
 * The attempt at `at` was right: the account's count at this address is forgotten (whoever knows the password need
 * not wait out a stranger's guesses), and the address and the account get their attempt back, so that right
 * passwords never add up to a lock.
 */
export async function signInSucceeded(db: Queryable, keys: SignInKeys, at: number): Promise<void> {
  await db.query(
    `delete from console_sign_in_attempts where kind = 'account-address' and account = $1 and address = $2`,
    [keys.account, keys.address],
  );
  for (const key of KEYS.slice(1)) await giveBack(db, key.kind, key.of(keys), at);
}

/** Lifts every lock of `account`: its counts at every address and its ceiling. Address locks stay. */
export async function unlockAccount(db: Queryable, account: string): Promise<void> {
  await db.query(`delete from console_sign_in_attempts where kind in ('account-address', 'account') and account = $1`, [
    account,
  ]);
}

export interface AccountLock {
  /** The account (lower-cased email). */
  account: string;
  until: Date;
  /** How many addresses it is locked from. */
  addresses: number;
  /** Locked from every address: its ceiling is reached. */
  everywhere: boolean;
}

/** The accounts locked at `at`, from one address or more, or everywhere. */
export async function accountLocks(db: Queryable, at: number): Promise<AccountLock[]> {
  const { rows } = await db.query<{ account: string; addresses: number; everywhere: boolean; began: Date }>(
    `select account,
            count(*) filter (where kind = 'account-address')::integer as addresses,
            bool_or(kind = 'account') as everywhere,
            max(window_start) as began
       from console_sign_in_attempts
      where window_start > $1
        and ((kind = 'account-address' and attempts >= $2) or (kind = 'account' and attempts >= $3))
      group by account`,
    [expired(at), ACCOUNT_AT_ADDRESS_LIMIT, ACCOUNT_LIMIT],
  );
  return rows.map(({ began, ...lock }) => ({ ...lock, until: new Date(began.getTime() + WINDOW_MS) }));
}
