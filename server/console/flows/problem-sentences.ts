/**
 * A draft's problems as the studio shows them: the checks' own sentences (engine/flow/checks.ts) name the value only by
 * its JSON pointer, which a marketer does not read, so each is said with what it is about first ("the heading of step
 * amount is required"); the pointer is kept beside it for the editor to put the message next to its field.
 */
import { pointerTo } from '../../../engine/flow/explain.ts';
import type { FlowProblem } from '../../../contracts/flow-studio.ts';

const unescape = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** "formHeading" → "form heading": the flow format's keys as words. */
const words = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** What the value at `pointer` of a flow is, in words: "the heading of step amount", "the text of the consent". */
export function valueAt(pointer: string): string {
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
  const [first, second, third, ...rest] = segments;
  if (first === undefined) return 'the draft';
  if (first === 'steps' && second !== undefined) {
    if (third === undefined) return `step ${second}`;
    const inside = rest.length === 0 ? '' : ` (at ${rest.join('/')})`;
    return `the ${words(third)} of step ${second}${inside}`;
  }
  if (second === undefined) return `the ${words(first)}`;
  const inside = third === undefined ? '' : ` (at ${[third, ...rest].join('/')})`;
  return `the ${words(second)} of the ${words(first)}${inside}`;
}

/**
 * The checks' problem at `pointer`, said of what it is about. A missing key is reported by the checks at the object
 * that lacks it; here it moves to the key itself, so the editor shows it by the (emptied) field it is about.
 */
export function readableProblem(pointer: string, message: string): FlowProblem {
  if (message.startsWith('must not be empty')) return { pointer, message: `${valueAt(pointer)} is required` };
  const missing = /^"([^"]+)" is missing: add it/.exec(message);
  if (missing) {
    const at = pointerTo(pointer, missing[1]!);
    return { pointer: at, message: `${valueAt(at)} is required` };
  }
  return { pointer, message: `${valueAt(pointer)}: ${message}` };
}
