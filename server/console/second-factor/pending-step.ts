/**
 * What a session must do about the second factor before anything else: give the code of a sign-in whose password
 * was right, or, for an admin without a second factor where CONSOLE_MFA is required, set one up. Worked out on every
 * request, so a role change to admin or a reset second factor takes effect on the next one.
 */
import type { Role, SecondFactorStep } from '../../../contracts/console.ts';
import type { SecondFactorMode } from '../../platform/config/parsers.ts';

export interface SessionFacts {
  awaitingCode: boolean;
  role: Role;
  hasSecondFactor: boolean;
}

/** Whether the console requires a second factor of a user of this role. */
export function secondFactorRequired(role: Role, mode: SecondFactorMode): boolean {
  return mode === 'required' && role === 'admin';
}

export function pendingStep(facts: SessionFacts, mode: SecondFactorMode): SecondFactorStep | null {
  if (facts.awaitingCode) return 'code';
  if (secondFactorRequired(facts.role, mode) && !facts.hasSecondFactor) return 'set-up';
  return null;
}
