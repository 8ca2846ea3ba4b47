/**
 * The page a password-reset link opens (an admin gave it): the user sets a new password, every session of theirs ends,
 * and the server signs this browser in. A link unknown, used or past its hour says so, and what to do.
 */
import { PASSWORD_RESETS_PATH } from '../contracts/console.ts';
import { PasswordLinkPage, type PasswordLinkProps } from './PasswordLinkPage.tsx';

const WORDS = {
  loading: 'Loading the password-reset link…',
  unusableTitle: 'This password-reset link cannot be used',
  unusable: 'The link is unknown, was used already or is more than an hour old. Ask an admin for a new one.',
  title: (email: string) => `Choose a new password for ${email}`,
  passwordLabel: 'New password',
};

export function PasswordResetPage(props: PasswordLinkProps) {
  return <PasswordLinkPage {...props} path={PASSWORD_RESETS_PATH} words={WORDS} />;
}
