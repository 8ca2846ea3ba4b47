/**
 * A sign-in with an unknown email is checked against a stored dummy hash: it must cost what checking a real password
 * costs, so its argon2id parameters are those of a password hashed today.
 */
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, passwordMatches } from '../../../../server/console/sign-in/passwords.ts';

/** The PHC string's algorithm, version and cost parameters, without its salt and hash. */
const parametersOf = (phc: string) => phc.split('$').slice(1, 4).join('$');

describe('console passwords', () => {
  it('verify an unknown account against a dummy hash made as passwords are hashed', async () => {
    expect(parametersOf(DUMMY_HASH)).toBe(parametersOf(await hashPassword('a long and fine password')));
    expect(parametersOf(DUMMY_HASH)).toMatch(/^argon2id\$/);
    expect(await passwordMatches(null, 'a long and fine password')).toBe(false);
  });

  it('match the password a hash was made of, and no other', async () => {
    const stored = await hashPassword('a long and fine password');
    expect(await passwordMatches(stored, 'a long and fine password')).toBe(true);
    expect(await passwordMatches(stored, 'a long and fine passworD')).toBe(false);
  });
});
