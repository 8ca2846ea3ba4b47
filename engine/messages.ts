/** The engine's own words: the last step of the error-message lookup, used when neither the step nor the flow has one. */
export const ENGINE_MESSAGES: Readonly<Record<string, string>> = {
  required: 'This field is required',
  type: 'Please enter a valid value',
  oneOf: 'Please choose one of the options',
  enum: 'Please choose one of the options',
  const: 'Please choose one of the options',
  minLength: 'Please enter at least {limit} characters',
  maxLength: 'Please enter at most {limit} characters',
  pattern: 'Please use the expected format',
  format: 'Please enter a valid {format}',
  minimum: 'Please enter at least {limit}',
  maximum: 'Please enter at most {limit}',
  exclusiveMinimum: 'Please enter more than {limit}',
  exclusiveMaximum: 'Please enter less than {limit}',
  multipleOf: 'Please enter a multiple of {multipleOf}',
  additionalProperties: 'This field is not expected here',
  invalid: 'Please check this field',
  // Not validation keywords: the alert shown when a step's action (e.g. sending the lead) fails, and the error on a
  // ZIP code outside the area the product serves (contracts/served-area.ts).
  submitFailed: 'Something went wrong. Please try again.',
  outsideServedArea: 'This location is outside the area we serve',
  // Not validation keywords either: the words of the engine's and the widgets' own parts, read by screen readers.
  progress: 'Progress',
  closeAlert: 'Close',
  addressSuggestions: 'Suggested addresses',
  oneAddressSuggestion: '1 suggestion',
  addressSuggestionCount: '{count} suggestions',
};

/** Message keys that are not validation keywords: texts the engine shows for other situations. */
export const SITUATION_MESSAGES: readonly string[] = [
  'submitFailed',
  'outsideServedArea',
  'progress',
  'closeAlert',
  'addressSuggestions',
  'oneAddressSuggestion',
  'addressSuggestionCount',
];

/**
 * The flow with the engine's words wherever it has no message of its own: what the page receives (the build's packs,
 * a published version's page), whose script carries no table of the engine's words.
 */
export function withEngineMessages<Shape extends { messages: Readonly<Record<string, string>> }>(
  flow: Shape,
  engineMessages: Readonly<Record<string, string>> = ENGINE_MESSAGES,
): Shape {
  return { ...flow, messages: { ...engineMessages, ...flow.messages } };
}
