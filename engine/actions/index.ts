/** The named actions a flow step can run (`"action"` in a flow file). Adding one: its module, then one line here. */
import { loadedOnFirstUse, type Action } from './action.ts';
import { fullName } from './full-name.ts';

/** The action that sends the lead: the site reports its success as a lead submission. */
export const LEAD_ACTION = 'submit-lead';

export const actions: Readonly<Record<string, Action>> = {
  'full-name': fullName,
  // Needed on the flow's last question only: it (with the lead's shape and the thank-you message) is fetched when first
  // run, so the first screen's script does not carry it. The service worker has it cached by then.
  [LEAD_ACTION]: loadedOnFirstUse(() => import('./submit-lead.ts').then((module) => module.submitLead)),
};
