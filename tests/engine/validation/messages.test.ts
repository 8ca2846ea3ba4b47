import { describe, expect, it } from 'vitest';
import { keywordErrors, messageFor, messagesByField } from '../../../engine/validation/messages.ts';
import type { Flow } from '../../../engine/flow/definition.ts';
import { ENGINE_MESSAGES, withEngineMessages } from '../../../engine/messages.ts';

const flow: Pick<Flow, 'messages' | 'steps'> = {
  messages: {
    required: 'This field is required',
    minLength: 'The min number of characters should be {limit}',
    pattern: 'The required pattern should be: {pattern}',
  },
  steps: {
    revenue: {
      route: 'average-monthly-revenue',
      progress: 40,
      heading: 'Revenue',
      errors: { average_monthly_revenue: { maximum: 'Please enter a value less than $10 million.' } },
    },
  },
};

describe('message lookup', () => {
  it("uses the step's text for the field and keyword first", () => {
    const error = { field: 'average_monthly_revenue', keyword: 'maximum', params: { limit: 10000000 } };
    expect(messageFor(flow, 'revenue', error)).toBe('Please enter a value less than $10 million.');
  });

  it("falls back to the flow's text for the keyword, with the validator's parameters filled in", () => {
    expect(messageFor(flow, 'revenue', { field: 'business_name', keyword: 'minLength', params: { limit: 2 } })).toBe(
      'The min number of characters should be 2',
    );
    expect(messageFor(flow, 'revenue', { field: 'zip', keyword: 'pattern', params: { pattern: '^\\d{5}$' } })).toBe(
      'The required pattern should be: ^\\d{5}$',
    );
  });

  it("falls back to the engine's own words last, as the server passes them", () => {
    const multipleOf = { field: 'amount', keyword: 'multipleOf', params: { multipleOf: 5000 } };
    expect(messageFor(flow, 'revenue', multipleOf, ENGINE_MESSAGES)).toBe('Please enter a multiple of 5000');
    expect(messageFor(flow, 'revenue', { field: 'amount', keyword: 'somethingNew', params: {} }, ENGINE_MESSAGES)).toBe(
      'Please check this field',
    );
  });

  it("finds the engine's words in a flow that carries them, as the page's flows do", () => {
    const carried = withEngineMessages(flow);
    expect(
      messageFor(carried, 'revenue', { field: 'amount', keyword: 'multipleOf', params: { multipleOf: 5000 } }),
    ).toBe('Please enter a multiple of 5000');
    // The flow's own message still wins over the engine's.
    expect(carried.messages.required).toBe(flow.messages.required);
  });
});

describe('keywordErrors', () => {
  it('names the missing field of a required error and drops the noise inside oneOf', () => {
    const errors = keywordErrors([
      { instancePath: '', schemaPath: '#/required', keyword: 'required', params: { missingProperty: 'loan_purpose' } },
      {
        instancePath: '/loan_purpose',
        schemaPath: '#/properties/loan_purpose/oneOf/0/const',
        keyword: 'const',
        params: {},
      },
      { instancePath: '/loan_purpose', schemaPath: '#/properties/loan_purpose/oneOf', keyword: 'oneOf', params: {} },
    ]);
    expect(errors.map((e) => [e.field, e.keyword])).toEqual([
      ['loan_purpose', 'required'],
      ['loan_purpose', 'oneOf'],
    ]);
  });

  it('groups messages by field without repeats', () => {
    const byField = messagesByField(flow, 'revenue', [
      { field: 'business_name', keyword: 'required', params: {} },
      { field: 'business_name', keyword: 'required', params: {} },
    ]);
    expect(byField).toEqual({ business_name: ['This field is required'] });
  });
});
