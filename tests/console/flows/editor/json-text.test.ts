import { describe, expect, it } from 'vitest';
import { parseJsonObject } from '../../../../console/flows/editor/json-text.ts';
import {
  keyCompletions,
  placeAt,
  schemasAt,
  valueCompletions,
} from '../../../../console/flows/editor/json-completion.ts';
import { overlaySchema } from '../../../../.generated/step-editor/overlay-schema.ts';

describe('the Raw tab’s JSON', () => {
  it('is an object when it parses', () => {
    expect(parseJsonObject('{ "steps": {} }')).toEqual({ value: { steps: {} } });
  });

  it('names the line and column where it stops parsing', () => {
    const parsed = parseJsonObject('{\n  "a": 1\n  "b": 2\n}');
    expect('error' in parsed && parsed.error).toMatch(/^line 3, column 3: /);
  });

  it('refuses what is not an object', () => {
    expect(parseJsonObject('[1]')).toEqual({ error: 'line 1, column 1: the draft must be a JSON object ({ ... })' });
  });
});

describe('completion from the overlay schema', () => {
  it('finds where the cursor is in half-typed JSON', () => {
    expect(placeAt('{ "steps": { "amount": { "')).toEqual({ path: ['steps', 'amount'], atKey: true });
    expect(placeAt('{ "steps": { "amount": { "hideProgress": ')).toEqual({
      path: ['steps', 'amount', 'hideProgress'],
      atKey: false,
    });
  });

  it("offers a step's keys inside a step, with what each means", () => {
    const keys = keyCompletions(schemasAt(overlaySchema, ['steps', 'amount']));
    const heading = keys.find((key) => key.label === '"heading"');
    expect(heading?.info).toBe('The question or title of the step.');
    expect(keys.map((key) => key.label)).toContain('"next"');
  });

  it('offers the values a key allows: a widget by name, true or false', () => {
    const widgets = valueCompletions(schemasAt(overlaySchema, ['steps', 'amount', 'ui', 'amount', 'widget']));
    expect(widgets.map((value) => value.label)).toContain('"slider"');
    const flags = valueCompletions(schemasAt(overlaySchema, ['steps', 'amount', 'hideProgress']));
    expect(flags.map((value) => value.label)).toEqual(expect.arrayContaining(['true', 'false']));
  });
});
