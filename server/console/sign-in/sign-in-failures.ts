/**
 * Sign-in lockout, counted in the database so that it holds across servers: 10 failed sign-ins for one account
 * (the email typed, whether or not it has an account, so a lock tells nothing) within 15 minutes lock that account
 * for 15 minutes; 30 from one client address (an IPv6 address by its /64) lock that address the same way. While
 * locked, attempts are refused without checking the password and without counting, so the lock ends on time.
 */
import type { Queryable } from '../../platform/db/types.ts';

const MINUTE_MS = 60_000;
export const LOCKOUT_WINDOW_MS = 15 * MINUTE_MS;
export const LOCKOUT_MS = 15 * MINUTE_MS;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 30;
/** Failures older than this no longer count toward any lock; each new failure removes them. */
const KEPT_MS = LOCKOUT_WINDOW_MS + LOCKOUT_MS;

export interface SignInKeys {
  /** The email typed, normalised. */
  account: string;
  /** addressKey of the client's address. */
  address: string;
}

type Kind = keyof SignInKeys;
const LIMITS: Record<Kind, number> = { account: ACCOUNT_FAILURE_LIMIT, address: ADDRESS_FAILURE_LIMIT };

/**
 * When the lock of one key ends, or undefined when it is not locked: locked once its limit of failures fell within
 * one window, for LOCKOUT_MS from the last of them.
 */
async function lockedUntil(db: Queryable, kind: Kind, key: string, at: number): Promise<number | undefined> {
  const limit = LIMITS[kind];
  const { rows } = await db.query<{ failed_at: Date }>(
    `select failed_at from console_sign_in_failures
      where kind = $1 and key = $2 and failed_at > $3 order by failed_at desc limit $4`,
    [kind, key, new Date(at - KEPT_MS), limit],
  );
  if (rows.length < limit) return undefined;
  const last = rows[0]!.failed_at.getTime();
  const first = rows[limit - 1]!.failed_at.getTime();
  if (last - first > LOCKOUT_WINDOW_MS) return undefined;
  const until = last + LOCKOUT_MS;
  return until > at ? until : undefined;
}

/** When the account or the address may try again, the later of the two, or undefined when neither is locked. */
export async function signInLockedUntil(db: Queryable, keys: SignInKeys, at: number): Promise<Date | undefined> {
  const [account, address] = await Promise.all([
    lockedUntil(db, 'account', keys.account, at),
    lockedUntil(db, 'address', keys.address, at),
  ]);
  const until = Math.max(account ?? 0, address ?? 0);
  return until === 0 ? undefined : new Date(until);
}

export async function recordSignInFailure(db: Queryable, keys: SignInKeys, at: number): Promise<void> {
  await db.query(
    `insert into console_sign_in_failures (kind, key, failed_at) values ('account', $1, $3), ('address', $2, $3)`,
    [keys.account, keys.address, new Date(at)],
  );
  await db.query('delete from console_sign_in_failures where failed_at < $1', [new Date(at - KEPT_MS)]);
}

/** A successful sign-in forgets the account's failures: whoever knows the password need not wait out a stranger's. */
export async function clearAccountFailures(db: Queryable, account: string): Promise<void> {
  await db.query(`delete from console_sign_in_failures where kind = 'account' and key = $1`, [account]);
}
