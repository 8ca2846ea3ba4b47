/** Sets full_name from the name step: first and last name, each capitalised word by word, joined by a space. */
import { capitalizeWords } from '../display/text.ts';
import type { Action } from './action.ts';

export const fullName: Action = async ({ answers }) => {
  const parts = [answers.first_name, answers.last_name].filter((part): part is string => typeof part === 'string');
  return {
    ok: true,
    answers: {
      full_name: parts
        .map(capitalizeWords)
        .filter((part) => part !== '')
        .join(' '),
    },
  };
};
