/** The phone step's answers this widget shows and gives back: its fields' texts. */
import { useRef, type RefObject } from 'react';
import type { FormRecord } from '../../engine/state/record.ts';

export type Field = 'street_address' | 'city' | 'state' | 'zipcode' | 'phone';
export type StepData = Partial<Record<Field, string>>;

export const ADDRESS_FIELDS = ['street_address', 'city', 'state', 'zipcode'] as const;

const FIELDS = [...ADDRESS_FIELDS, 'phone'] as const;

/** The step's answers this widget shows: its fields' texts (the step's schema makes each a string). */
function stepData(formData: FormRecord | undefined): StepData {
  const data: StepData = {};
  for (const field of FIELDS) {
    const value = formData?.[field];
    if (typeof value === 'string') data[field] = value;
  }
  return data;
}

/**
 * The answers as rendered, and the latest ones for what the widget gives back: rjsf hands a change back as props only
 * after applying it, so a change builds on the widget's last change (`latest`, which the caller moves on as it gives
 * one back) until rjsf's next data arrives.
 */
export function useStepData(formData: FormRecord | undefined): { data: StepData; latest: RefObject<StepData> } {
  const data = stepData(formData);
  const latest = useRef(data);
  const received = useRef(formData);
  if (received.current !== formData) {
    received.current = formData;
    latest.current = data;
  }
  return { data, latest };
}
