import { describe, expect, it } from 'vitest';
import { fillFromAnswers } from '../../../engine/render/step-text.ts';

describe('step texts naming answers', () => {
  it('fills the business name, capitalised', () => {
    expect(
      fillFromAnswers('Last question, where is {business_name} located?', { business_name: 'acme tools llc' }),
    ).toBe('Last question, where is Acme Tools Llc located?');
  });

  it('reads a missing answer as nothing, without leaving a gap before the punctuation', () => {
    expect(fillFromAnswers('Where is {business_name}?', {})).toBe('Where is?');
  });
});
