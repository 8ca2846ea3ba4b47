/** The console's first admin, from ADMIN_EMAIL and ADMIN_PASSWORD at start-up, or from `npm run leads -- add-admin`. */
import type { Queryable } from '../../platform/db/types.ts';
import { normalEmail } from '../../../contracts/accounts.ts';
import { hashPassword } from '../sign-in/passwords.ts';
import { adminExists, createUser } from './users.ts';

export type FirstAdminResult = 'created' | 'admin exists' | 'email taken';

/**
 * Creates the admin `email` with `password` (both already checked by the settings) unless an admin who can sign in
 * exists. Two servers starting at once create one: the second's insert meets the unique email and does nothing.
 */
export async function ensureFirstAdmin(db: Queryable, email: string, password: string): Promise<FirstAdminResult> {
  if (await adminExists(db)) return 'admin exists';
  const created = await createUser(db, normalEmail(email), 'admin', await hashPassword(password));
  if (created !== undefined) return 'created';
  return (await adminExists(db)) ? 'admin exists' : 'email taken';
}
