/**
 * Finds personal data in log text: the values the end-to-end tests type as the visitor, and anything shaped like an
 * email address or a US phone number. A finding names the file, the line and the kind of value, never the value, so
 * the report itself leaks nothing.
 */

export interface LookFor {
  /** What the value is, as the report names it: "an email address". */
  kind: string;
  pattern: RegExp;
}

export interface Finding {
  file: string;
  /** 1-based. */
  line: number;
  kind: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A typed value, in any letter case, as a whole word (so "mary" is not found in "summary"). */
export function typed(kind: string, value: string): LookFor {
  return { kind, pattern: new RegExp(`(?<![A-Za-z0-9])${escape(value)}(?![A-Za-z0-9])`, 'i') };
}

/** Whatever the tests typed: any email address, any 10-digit number or number written like (212) 555-0123. */
export const SHAPES: readonly LookFor[] = [
  { kind: 'an email address', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/ },
  // Not inside a longer number or word (a lead id, a UUID, can hold ten digits in a row between its hex letters), nor
  // the digits after a decimal point (a response time in milliseconds).
  { kind: 'a phone number', pattern: /(?<![\w.])\d{10}(?!\w)/ },
  { kind: 'a phone number', pattern: /(?<!\d)(?:\(\d{3}\) ?|\d{3}[-. ])\d{3}[-. ]\d{4}(?!\d)/ },
];

export function findPersonalData(file: string, text: string, lookFor: readonly LookFor[]): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { kind, pattern } of lookFor) {
      if (pattern.test(line)) findings.push({ file, line: index + 1, kind });
    }
  });
  return findings;
}
