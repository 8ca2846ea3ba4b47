/** The named actions a flow step can run (`"action"` in a flow file). Adding one: its module, then one line here. */
import type { Action } from './action.ts';
import { fullName } from './full-name.ts';
import { submitLead } from './submit-lead.ts';

export const actions: Readonly<Record<string, Action>> = {
  'full-name': fullName,
  'submit-lead': submitLead,
};
