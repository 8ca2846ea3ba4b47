/**
 * The page an invitation link opens: the invited user sets a password, is signed in by the server and goes to the
 * console's home. A link unknown, used or past its 72 hours says so.
 */
import { INVITATIONS_PATH } from '../contracts/console.ts';
import { PasswordLinkPage, type PasswordLinkProps } from './PasswordLinkPage.tsx';

const WORDS = {
  loading: 'Loading the invitation…',
  unusableTitle: 'This invitation cannot be used',
  unusable: 'The link is unknown, was used already or is more than 72 hours old. Ask an admin for a new one.',
  title: (email: string) => `Set a password for ${email}`,
  passwordLabel: 'Password',
};

export function InvitationPage(props: PasswordLinkProps) {
  return <PasswordLinkPage {...props} path={INVITATIONS_PATH} words={WORDS} />;
}
