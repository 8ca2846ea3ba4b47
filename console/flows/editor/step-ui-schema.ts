/**
 * How the editor's generated step form reads: the order of a step's keys (its words first, then where it leads, its
 * fields, how they are shown), and labels only where the words made from a key are not plain enough ("next" is the
 * next step, a button's "next" is its text). Everything else, widget options included, is titled from the schema.
 */
import type { UiSchema } from '@rjsf/utils';

/** The custom widget choosing one of the flow's step ids (see StepIdWidget). */
export const STEP_ID_WIDGET = 'stepId';

const stepId: UiSchema = { 'ui:widget': STEP_ID_WIDGET };

const buttonText: UiSchema[] = [{ 'ui:title': 'Text', 'ui:label': false }, { 'ui:title': 'No button' }];

export const stepUiSchema: UiSchema = {
  'ui:order': [
    'heading',
    'subheading',
    'help',
    'title',
    'progress',
    'hideProgress',
    'next',
    'buttons',
    'schema',
    'errors',
    'ui',
    'display',
    'layout',
    '*',
  ],
  'ui:submitButtonOptions': { norender: true },
  // An optional object or list the step does not have (display, layout, a field's choices...) is offered to add, not
  // shown empty.
  'ui:globalOptions': { enableOptionalDataFieldForType: ['object', 'array'] },
  next: {
    'ui:title': 'Next step',
    anyOf: [
      // The option's own label would label the same input twice ("Next step One step").
      { 'ui:title': 'One step', 'ui:label': false, ...stepId },
      { 'ui:title': 'Branches', items: { goto: { 'ui:title': 'Go to', ...stepId } } },
    ],
  },
  buttons: {
    'ui:title': 'Buttons',
    next: { 'ui:title': 'Next button text', anyOf: buttonText },
    previous: { 'ui:title': 'Back button text', anyOf: buttonText },
  },
  schema: {
    'ui:title': 'Fields',
    type: { 'ui:widget': 'hidden' },
    properties: { 'ui:title': 'Questions' },
    required: { 'ui:title': 'Required fields' },
  },
  errors: { 'ui:title': 'Error messages, by field' },
  ui: { 'ui:title': 'How each field is shown' },
  route: { 'ui:title': 'Address (route)' },
  progress: { 'ui:title': 'Progress (percent)' },
};
