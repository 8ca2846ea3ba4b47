/**
 * What the visitor does on a start screen the server drew, before the page's script has taken it over: the loader the
 * server writes into the page keeps a press of Next and a tapped choice on the screen, for the step to answer once it
 * is taken over.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_SUBMIT_ATTRIBUTE, takeEarlySubmit } from '../../../engine/render/early-submit.ts';
import { scriptsAfterFirstPaint } from '../../../server/page/prerendered.ts';

const SCREEN =
  '<div id=root><form id=step><label><input type=radio name=t value=0> Sole Proprietor</label>' +
  '<label><input type=radio name=t value=1> Partnership</label><button>Next</button></form></div>' +
  '<form id=elsewhere><input type=radio name=e value=0></form>';

const element = (selector: string) => document.querySelector(selector)!;
const pick = (selector: string, detail: number) =>
  element(selector).dispatchEvent(new MouseEvent('click', { bubbles: true, detail }));
const marked = (selector: string) => element(selector).hasAttribute(EARLY_SUBMIT_ATTRIBUTE);

// The loader, run once as the page runs it: its listeners stay on the document, and each test draws the screen afresh.
beforeAll(() => {
  const { html } = scriptsAfterFirstPaint('<script type="module" src="/site.1a2b3c4d.js"></script>');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the string is the loader the server writes
  new Function(/<script>([^<]*)<\/script>/.exec(html)![1]!)();
});

beforeEach(() => {
  document.body.innerHTML = SCREEN;
});

describe("the page's loader", () => {
  it('marks a choice tapped on the screen, unmarks it when the keyboard moves the selection, and leaves the rest', () => {
    pick('#step [value="1"]', 1);
    expect(marked('#step [value="1"]')).toBe(true);
    // An arrow key checks the next radio with a click of detail 0: moved away and back, the choice is the keyboard's.
    pick('#step [value="0"]', 0);
    pick('#step [value="1"]', 0);
    expect(marked('#step [value="0"]')).toBe(false);
    expect(marked('#step [value="1"]')).toBe(false);
    pick('#elsewhere input', 1);
    expect(marked('#elsewhere input')).toBe(false);
  });

  it("keeps a press of Next from submitting the step's form, and marks the form", () => {
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    element('#step').dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(marked('#step')).toBe(true);
  });
});

describe('takeEarlySubmit', () => {
  it('answers a mark once', () => {
    pick('#step [value="1"]', 1);
    expect(takeEarlySubmit(element('#step [value="1"]'))).toBe(true);
    expect(takeEarlySubmit(element('#step [value="1"]'))).toBe(false);
    expect(takeEarlySubmit(element('#step [value="0"]'))).toBe(false);
    expect(takeEarlySubmit(null)).toBe(false);
  });
});
