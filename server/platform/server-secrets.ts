/**
 * Secrets the servers of one installation share, kept in its database: the first server to need one makes it, the
 * others read it (docs/decisions/092-cross-site-requests-and-cookies.md). A setting may name the value instead.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db/types.ts';

const SECRET_BYTES = 32;

/** The installation's secret called `name`, made now (32 random bytes) when no server has made it yet. */
export async function sharedSecret(db: Queryable, name: string): Promise<Buffer> {
  // Two servers starting at once both insert; one row wins, and both read it.
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(SECRET_BYTES),
  ]);
  const { rows } = await db.query<{ value: Buffer | Uint8Array }>('select value from server_secrets where name = $1', [
    name,
  ]);
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`the shared secret ${name} could not be stored`);
  return Buffer.from(value);
}
