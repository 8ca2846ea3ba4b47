/** The named actions a flow step can run (`"action"` in a flow file). Adding one: its module, then one line here. */
import type { Action } from './action.ts';
import { fullName } from './full-name.ts';
import { submitLead } from './submit-lead.ts';

/** The action that sends the lead: the site reports its success as a lead submission. */
export const LEAD_ACTION = 'submit-lead';

export const actions: Readonly<Record<string, Action>> = {
  'full-name': fullName,
  [LEAD_ACTION]: submitLead,
};
