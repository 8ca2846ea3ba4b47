/** The honeypot in the page template: out of people's sight and reach, and read into the answers when filled. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HONEYPOT_FORM_ID, honeypotAnswers } from '../../site/honeypot.ts';

const template = new DOMParser().parseFromString(
  readFileSync(join(import.meta.dirname, '..', '..', 'site', 'index.html'), 'utf8'),
  'text/html',
);

afterEach(() => document.getElementById(HONEYPOT_FORM_ID)?.remove());

function pageWithHoneypot(): HTMLInputElement {
  const form = template.getElementById(HONEYPOT_FORM_ID);
  if (form === null) throw new Error(`site/index.html has no #${HONEYPOT_FORM_ID}`);
  document.body.append(document.importNode(form, true));
  return document.querySelector(`#${HONEYPOT_FORM_ID} input`) as HTMLInputElement;
}

describe('the honeypot field', () => {
  it('is in the page template, hidden from sight and from assistive technology, and out of the tab order', () => {
    const input = pageWithHoneypot();
    const form = input.form!;
    expect(form.classList.contains('visually-hidden')).toBe(true);
    expect(form.getAttribute('aria-hidden')).toBe('true');
    expect(input.tabIndex).toBe(-1);
    expect(input.autocomplete).toBe('off');
  });

  it('adds nothing to the answers while empty, as people leave it', () => {
    pageWithHoneypot();
    expect(honeypotAnswers(document)).toEqual({});
  });

  it('adds what a bot typed into it to the answers', () => {
    pageWithHoneypot().value = 'https://bot.example';
    expect(honeypotAnswers(document)).toEqual({ website: 'https://bot.example' });
  });
});
