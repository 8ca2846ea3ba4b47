/** The tab's title names the step, as a screen reader and the browser's history show it (decision 055). */
import { useEffect } from 'react';
import type { Step } from '../flow/definition.ts';
import type { FormRecord } from '../state/record.ts';
import { fillFromAnswers } from './step-text.ts';

export function useDocumentTitle(step: Step, answers: FormRecord, productName: string): void {
  useEffect(() => {
    document.title = `${fillFromAnswers(step.title ?? step.heading, answers)} | ${productName}`;
  }, [step, answers, productName]);
}
