/**
 * The server's check of a password being set (an invitation, a change, a reset link): the account rules every form
 * shares (contracts/accounts.ts), and then the common-password list, which stays on the server (the console's bundle
 * would carry the whole list).
 */
import { passwordProblem } from '../../../contracts/accounts.ts';
import { isCommonPassword } from './common-passwords.ts';

export const COMMON_PASSWORD = 'is one of the most common passwords: choose another';

/** Why `password` may not be the new password of `email`, or undefined when it may. */
export async function newPasswordProblem(password: string, email: string): Promise<string | undefined> {
  return passwordProblem(password, email) ?? ((await isCommonPassword(password)) ? COMMON_PASSWORD : undefined);
}
