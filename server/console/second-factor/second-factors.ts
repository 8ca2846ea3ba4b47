/**
 * The second factors in the database: a secret set up and confirmed, its recovery codes, a code checked once (the
 * last accepted time step is kept, so a code of that step or an earlier one is refused), and removal.
 */
import type { Database, Queryable } from '../../platform/db/types.ts';
import { newRecoveryCodes, recoveryCodeDigest, recoveryCodeOf } from './recovery-codes.ts';
import { isAppCode, newSecret, stepOfCode } from './totp.ts';

/** Whether the user has a second factor, and how many of its recovery codes are unused. */
export async function secondFactorOf(
  db: Queryable,
  userId: string,
): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const { rows } = await db.query<{ enabled: boolean; left: number }>(
    `select u.second_factor_secret is not null as enabled,
            (select count(*)::int from console_recovery_codes c where c.user_id = u.id and c.used_at is null) as left
       from console_users u where u.id = $1`,
    [userId],
  );
  return { enabled: rows[0]?.enabled ?? false, recoveryCodesLeft: rows[0]?.left ?? 0 };
}

/** A new secret for the user to set up; the active one (if any) stays until a code confirms the new one. */
export async function beginSetUp(db: Queryable, userId: string): Promise<string> {
  const secret = newSecret();
  await db.query('update console_users set second_factor_pending = $2 where id = $1', [userId, secret]);
  return secret;
}

export type Confirmation = { recoveryCodes: string[] } | 'not-begun' | 'wrong-code';

/**
 * The set-up confirmed by a code of the new secret: it becomes the user's second factor, with ten new recovery codes
 * in place of any before.
 */
export function confirmSetUp(db: Database, userId: string, code: string, at: number): Promise<Confirmation> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ pending: string | null }>(
      'select second_factor_pending as pending from console_users where id = $1 for update',
      [userId],
    );
    const pending = rows[0]?.pending ?? null;
    if (pending === null) return 'not-begun';
    const step = stepOfCode(pending, code, at);
    if (step === undefined) return 'wrong-code';
    await tx.query(
      `update console_users set second_factor_secret = second_factor_pending, second_factor_pending = null,
              second_factor_since = $2, second_factor_last_step = $3
        where id = $1`,
      [userId, new Date(at), step],
    );
    const recoveryCodes = newRecoveryCodes();
    await tx.query('delete from console_recovery_codes where user_id = $1', [userId]);
    await tx.query('insert into console_recovery_codes (user_id, code_sha256) select $1, unnest($2::text[])', [
      userId,
      recoveryCodes.map(recoveryCodeDigest),
    ]);
    return { recoveryCodes };
  });
}

/**
 * Checks a code against the user's second factor and uses it up: an app's code of a step after the last one
 * accepted, or an unused recovery code. The update that uses it up decides between two requests at once.
 */
export async function useCode(
  db: Queryable,
  userId: string,
  typed: string,
  at: number,
): Promise<'app' | 'recovery' | undefined> {
  const code = typed.replace(/\s/g, '');
  if (isAppCode(code)) {
    const { rows } = await db.query<{ secret: string | null }>(
      'select second_factor_secret as secret from console_users where id = $1',
      [userId],
    );
    const secret = rows[0]?.secret ?? null;
    const step = secret === null ? undefined : stepOfCode(secret, code, at);
    if (step === undefined) return undefined;
    const used = await db.query(
      `update console_users set second_factor_last_step = $2
        where id = $1 and second_factor_secret is not null
          and (second_factor_last_step is null or second_factor_last_step < $2)`,
      [userId, step],
    );
    return used.rowCount === 1 ? 'app' : undefined;
  }
  const recovery = recoveryCodeOf(typed);
  if (recovery === undefined) return undefined;
  const used = await db.query(
    `update console_recovery_codes set used_at = $3
      where user_id = $1 and code_sha256 = $2 and used_at is null
        and exists (select 1 from console_users where id = $1 and second_factor_secret is not null)`,
    [userId, recoveryCodeDigest(recovery), new Date(at)],
  );
  return used.rowCount === 1 ? 'recovery' : undefined;
}

/** Removes the user's second factor (a set-up under way too) and its recovery codes. */
export async function removeSecondFactor(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update console_users set second_factor_secret = null, second_factor_since = null, second_factor_last_step = null,
            second_factor_pending = null
      where id = $1`,
    [userId],
  );
  await db.query('delete from console_recovery_codes where user_id = $1', [userId]);
}
