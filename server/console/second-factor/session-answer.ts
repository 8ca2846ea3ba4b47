/** The session as GET and POST /api/admin/session answer it: the user, and where it stands with the second factor. */
import type { ConsoleUser, SecondFactorStep, SessionResponse } from '../../../contracts/console.ts';
import type { SecondFactorMode } from '../../platform/config/parsers.ts';
import type { Queryable } from '../../platform/db/types.ts';
import { secondFactorRequired } from './pending-step.ts';
import { secondFactorOf } from './second-factors.ts';

export async function sessionAnswer(
  db: Queryable,
  user: ConsoleUser,
  pending: SecondFactorStep | null,
  mode: SecondFactorMode,
): Promise<SessionResponse> {
  const { enabled, recoveryCodesLeft } = await secondFactorOf(db, user.id);
  return {
    user: { id: user.id, email: user.email, role: user.role },
    second_factor: {
      pending,
      enabled,
      required: secondFactorRequired(user.role, mode),
      recovery_codes_left: recoveryCodesLeft,
    },
  };
}
