/** Console users in the database: listed, looked up, invited, given a role, disabled and enabled. */
import { randomUUID } from 'node:crypto';
import type { Role, UserEntry } from '../../../contracts/console.ts';
import type { Database, Queryable } from '../../platform/db/types.ts';
import { ClientError } from '../../platform/http/errors.ts';
import { endSessionsOf } from '../sign-in/sessions.ts';

interface UserRow {
  id: string;
  email: string;
  role: Role;
  password_hash: string | null;
  disabled_at: Date | null;
  created_at: Date;
  last_sign_in_at: Date | null;
  second_factor: boolean;
}

const COLUMNS =
  'id, email, role, password_hash, disabled_at, created_at, last_sign_in_at, ' +
  'second_factor_secret is not null as second_factor';

/** invited until a password is set, disabled whatever else, active otherwise. */
function entryOf(row: UserRow): UserEntry {
  const status = row.disabled_at !== null ? 'disabled' : row.password_hash === null ? 'invited' : 'active';
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status,
    created_at: row.created_at.toISOString(),
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
    second_factor: row.second_factor,
  };
}

export async function listUsers(db: Queryable): Promise<UserEntry[]> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from console_users order by lower(email)`);
  return rows.map(entryOf);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUser(db: Queryable, id: string): Promise<UserEntry | undefined> {
  // Not a UUID: no such user (and no query the uuid column would refuse).
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from console_users where id = $1`, [id]);
  return rows[0] === undefined ? undefined : entryOf(rows[0]);
}

/** The account a sign-in names (email normalised), with what the sign-in checks. */
export async function accountOf(
  db: Queryable,
  email: string,
): Promise<{ id: string; email: string; role: Role; passwordHash: string | null; disabled: boolean } | undefined> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from console_users where lower(email) = $1`, [email]);
  const row = rows[0];
  if (row === undefined) return undefined;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    passwordHash: row.password_hash,
    disabled: row.disabled_at !== null,
  };
}

/**
 * A new user of `email` (normalised) and `role`, with `passwordHash` or none yet (an invitation sets it); undefined
 * when the email has a user already. A unique index on lower(email) decides between two servers at once.
 */
export async function createUser(
  db: Queryable,
  email: string,
  role: Role,
  passwordHash: string | null,
): Promise<UserEntry | undefined> {
  const { rows } = await db.query<UserRow>(
    `insert into console_users (id, email, role, password_hash) values ($1, $2, $3, $4)
     on conflict do nothing returning ${COLUMNS}`,
    [randomUUID(), email, role, passwordHash],
  );
  return rows[0] === undefined ? undefined : entryOf(rows[0]);
}

/**
 * The invited user of `email` (no password yet, not disabled) with `role`, its unused invitations ended, ready for a
 * new one; undefined when the email has no such user.
 */
export async function reinvitedUser(tx: Queryable, email: string, role: Role): Promise<UserEntry | undefined> {
  const { rows } = await tx.query<UserRow>(
    `update console_users set role = $2
      where lower(email) = $1 and password_hash is null and disabled_at is null returning ${COLUMNS}`,
    [email, role],
  );
  const user = rows[0];
  if (user === undefined) return undefined;
  await tx.query('delete from console_invitations where user_id = $1 and used_at is null', [user.id]);
  return entryOf(user);
}

export async function adminExists(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from console_users where role = 'admin' and disabled_at is null and password_hash is not null limit 1`,
  );
  return rows.length > 0;
}

export async function recordSignIn(db: Queryable, userId: string, at: Date): Promise<void> {
  await db.query('update console_users set last_sign_in_at = $2 where id = $1', [userId, at]);
}

/**
 * The change would leave the console without an admin who can sign in, or takes the acting admin's own rights:
 * refused with 409, so there is always someone to manage the users.
 */
async function keepAnAdmin(tx: Queryable, actorId: string, target: UserRow, what: string): Promise<void> {
  if (target.id === actorId) throw new ClientError(409, 'own_account', `You cannot ${what} your own account`);
  if (target.role !== 'admin' || target.disabled_at !== null || target.password_hash === null) return;
  const { rows } = await tx.query(
    `select id from console_users where role = 'admin' and disabled_at is null and password_hash is not null`,
  );
  if (rows.length <= 1) {
    throw new ClientError(409, 'last_admin', `You cannot ${what} the last active admin: make another admin first`);
  }
}

/**
 * User `id`, read after taking the lock every change of a role or status takes: changes run one at a time, so two
 * admins disabling each other at once cannot both pass the last-admin check (and locking rows one by one instead
 * would deadlock them).
 */
async function lockedUser(tx: Queryable, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  await tx.query(`select pg_advisory_xact_lock(hashtext('fundflow.console_users'))`);
  const { rows } = await tx.query<UserRow>(`select ${COLUMNS} from console_users where id = $1`, [id]);
  return rows[0];
}

/** Gives user `id` `role`; undefined when there is no such user. Throws 409 for the acting admin or the last one. */
export function changeRole(db: Database, actorId: string, id: string, role: Role): Promise<UserEntry | undefined> {
  return db.transaction(async (tx) => {
    const user = await lockedUser(tx, id);
    if (user === undefined) return undefined;
    if (user.role === role) return entryOf(user);
    if (user.role === 'admin') await keepAnAdmin(tx, actorId, user, 'demote');
    const { rows } = await tx.query<UserRow>(`update console_users set role = $2 where id = $1 returning ${COLUMNS}`, [
      id,
      role,
    ]);
    return entryOf(rows[0]!);
  });
}

/**
 * Disables user `id` (ending all its sessions in the same transaction) or enables it again; undefined when there is
 * no such user. Throws 409 for the acting admin or the last one.
 */
export function changeStatus(
  db: Database,
  actorId: string,
  id: string,
  status: 'active' | 'disabled',
  at: Date,
): Promise<UserEntry | undefined> {
  return db.transaction(async (tx) => {
    const user = await lockedUser(tx, id);
    if (user === undefined) return undefined;
    if ((status === 'disabled') === (user.disabled_at !== null)) return entryOf(user);
    if (status === 'disabled') {
      await keepAnAdmin(tx, actorId, user, 'disable');
      await endSessionsOf(tx, id);
    }
    const { rows } = await tx.query<UserRow>(
      `update console_users set disabled_at = $2 where id = $1 returning ${COLUMNS}`,
      [id, status === 'disabled' ? at : null],
    );
    return entryOf(rows[0]!);
  });
}
