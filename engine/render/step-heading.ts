/** The step heading's id: the step screen is labelled by it, and focus is handed to it when a screen changes. */
export const STEP_HEADING_ID = 'step-heading';
