/** Invitation links (one-time-links.ts): a new user sets a password, within 72 hours. */
import type { Database, Queryable } from '../../platform/db/types.ts';
import { issueLink, linkHolder, redeemLink, type LinkHolder } from './one-time-links.ts';

const INVITATION_VALID_MS = 72 * 60 * 60 * 1000;

/** A new invitation of `userId`: its token, for the link, and when it expires. */
export function inviteToken(db: Queryable, userId: string, at: number): Promise<{ token: string; expiresAt: Date }> {
  return issueLink(db, 'console_invitations', userId, at, INVITATION_VALID_MS);
}

/** Whose invitation `token` is, while it is unused and unexpired and its user not disabled. */
export function invitee(db: Queryable, token: string, at: number): Promise<LinkHolder | undefined> {
  return linkHolder(db, 'console_invitations', token, at);
}

/** Uses invitation `token` to set its user's password hash; false when it cannot be used. */
export async function redeemInvitation(
  db: Database,
  token: string,
  passwordHash: string,
  at: number,
): Promise<boolean> {
  return (await redeemLink(db, 'console_invitations', token, passwordHash, at)) !== undefined;
}
