/**
 * How lead_submitted gets the lead's hashed email and phone for enhanced conversions (ENHANCED_CONVERSIONS): the flow
 * events carry no answers, so the lead action is wrapped instead. Once the lead is stored, its email and phone are
 * hashed (enhanced-conversions.ts, loaded then) and kept for the lead_submitted event that follows, which takes them.
 */
import type { Action } from '../../engine/actions/action.ts';
import type { UserData } from './enhanced-conversions.ts';

export interface LeadUserData {
  /** The lead action, with the hashes prepared once it succeeded. */
  wrap(action: Action): Action;
  /** The hashes of the lead just stored, handed out once. */
  take(): UserData | undefined;
}

export function leadUserData(): LeadUserData {
  let pending: UserData | undefined;
  return {
    wrap: (action) => async (input) => {
      const result = await action(input);
      if (!result.ok) return result;
      try {
        const { hashedUserData } = await import('./enhanced-conversions.ts');
        pending = await hashedUserData(input.answers);
      } catch (error) {
        // The lead is stored: a conversion without its hashes still counts.
        input.log('no enhanced conversion data', error);
      }
      return result;
    },
    take() {
      const taken = pending;
      pending = undefined;
      return taken;
    },
  };
}
