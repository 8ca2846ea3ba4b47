/** A display mask such as "000-000-0000": each 0 takes a digit, any other character is shown between digits. */

export function digitSlots(mask: string): number {
  return [...mask].filter((slot) => slot === '0').length;
}

/** The digits laid into the mask; separators appear only once a digit follows them. */
export function applyMask(digits: string, mask: string): string {
  let shown = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= digits.length) break;
    shown += slot === '0' ? digits[next++] : slot;
  }
  return shown;
}

/** The position in masked text just after its `count`-th digit, where the caret belongs after an edit. */
export function positionAfterDigits(masked: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < masked.length; index++) {
    if (/\d/.test(masked[index]!) && ++seen === count) return index + 1;
  }
  return masked.length;
}

export function countDigits(text: string): number {
  return text.replace(/\D/g, '').length;
}
