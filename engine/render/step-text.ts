/** Step texts may name answers, e.g. "Last question, where is {business_name} located?". */
import { capitalizeWords } from '../display/text.ts';
import type { FormRecord } from '../state/record.ts';

/** Fills each `{field}` with that answer, capitalised word by word; a field without an answer reads as nothing. */
export function fillFromAnswers(text: string, answers: Readonly<FormRecord>): string {
  return text
    .replace(/\{(\w+)\}/g, (_whole, name: string) => {
      const value = answers[name];
      return typeof value === 'string' || typeof value === 'number' ? capitalizeWords(String(value)) : '';
    })
    .replace(/\s+([?.!,])/g, '$1')
    .replace(/\s{2,}/g, ' ');
}
