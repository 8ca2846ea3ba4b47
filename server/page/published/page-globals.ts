/**
 * The names a published version's page scripts share: the validators scripts set theirs, the page's inline script
 * reads them and sets the compiled flow the site's script adds to its flows (PUBLISHED_FLOW_GLOBAL, in the contract).
 */
export { PUBLISHED_FLOW_GLOBAL } from '../../../contracts/flow-studio.ts';
export const START_VALIDATORS_GLOBAL = 'fundflowStartValidators';
export const LATER_VALIDATORS_GLOBAL = 'fundflowLaterValidators';
