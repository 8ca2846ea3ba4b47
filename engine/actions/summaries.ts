/**
 * One sentence per action for the marketer guide's reference (flows/README.md). Kept out of index.ts so the page does
 * not carry the guide's words; the guide's generator refuses an action without a sentence here.
 */
export const ACTION_SUMMARIES: Readonly<Record<string, string>> = {
  'full-name':
    'Saves `full_name`: the first and last name answers, each word capitalised, joined by a space (for the thank-you message and the lead).',
  'submit-lead':
    'Checks the phone and ZIP code, sends the lead with its consent, prepares the thank-you message and claims the consent certificate; the visitor moves on only once the lead is stored.',
};
