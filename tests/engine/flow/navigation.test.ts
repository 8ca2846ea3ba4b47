import { describe, expect, it } from 'vitest';
import {
  answersFromQuery,
  formHeading,
  mergeQuery,
  nextStepId,
  nextTargets,
  previousStepId,
  stepPath,
} from '../../../engine/flow/navigation.ts';
import type { Step } from '../../../engine/flow/definition.ts';

const step = (next: Step['next']): Step => ({ route: 'credit-score', progress: 50, heading: 'Credit', next });

describe('stepPath', () => {
  it('puts the start of the main version at the root and every other step under its version prefix', () => {
    expect(stepPath({ basePath: '' }, { route: '' })).toBe('/');
    expect(stepPath({ basePath: '' }, { route: 'amount' })).toBe('/amount');
    expect(stepPath({ basePath: '/v2' }, { route: '' })).toBe('/v2');
    expect(stepPath({ basePath: '/v3' }, { route: 'loan-purpose' })).toBe('/v3/loan-purpose');
  });
});

describe('nextStepId', () => {
  const never = () => false;
  it('follows a plain step id', () => {
    expect(nextStepId('credit-score', step('about-business'), {}, never)).toBe('about-business');
  });

  it('takes the first branch whose test matches, and a branch without "when" catches the rest', () => {
    const branching = step([
      { when: { properties: { credit_score: { const: 'Poor (639 or less)' } } }, goto: 'alternatives' },
      { goto: 'about-business' },
    ]);
    const poor = (_id: string, index: number, answers: Record<string, unknown>) =>
      index === 0 && answers.credit_score === 'Poor (639 or less)';
    expect(nextStepId('credit-score', branching, { credit_score: 'Poor (639 or less)' }, poor)).toBe('alternatives');
    expect(nextStepId('credit-score', branching, { credit_score: 'Good (680-719)' }, poor)).toBe('about-business');
    expect(nextTargets(branching)).toEqual(['alternatives', 'about-business']);
  });

  it('ends the flow on a step without next', () => {
    expect(nextStepId('thank-you', step(undefined), {}, never)).toBeUndefined();
  });
});

describe('previousStepId', () => {
  const at = (route: string, next: Step['next']): Step => ({ route, progress: 0, heading: route, next });
  const flow = {
    start: 'start',
    steps: {
      start: at('', 'credit-score'),
      'credit-score': at('credit-score', [
        { when: { required: ['poor'] }, goto: 'alternatives' },
        { goto: 'about-business' },
      ]),
      alternatives: at('alternatives', 'about-business'),
      'about-business': at('about-business', 'start'),
    },
  };
  const poor = (_id: string, index: number, answers: Record<string, unknown>) => index === 0 && answers.poor === true;

  it('is the step whose Next leads here on the path the answers take', () => {
    expect(previousStepId(flow, 'about-business', { poor: true }, poor)).toBe('alternatives');
    expect(previousStepId(flow, 'about-business', {}, poor)).toBe('credit-score');
    expect(previousStepId(flow, 'credit-score', {}, poor)).toBe('start');
  });

  it('is none for a step off the path, and the walk ends where the flow leads back to a step walked', () => {
    expect(previousStepId(flow, 'alternatives', {}, poor)).toBeUndefined();
  });
});

describe('mergeQuery', () => {
  it('keeps the current parameters on every navigation', () => {
    expect(mergeQuery('?utm_source=ads&zip=90210')).toBe('?utm_source=ads&zip=90210');
    expect(mergeQuery('')).toBe('');
  });

  it("lets the target's own parameters win over the current ones", () => {
    expect(mergeQuery('?a=1&b=2', '?b=3&c=4')).toBe('?a=1&b=3&c=4');
  });
});

describe('formHeading', () => {
  const fallback = 'See If You Qualify For Help';
  it('reads the header parameter with dashes and plus signs as spaces and repeated spaces collapsed', () => {
    expect(formHeading(fallback, '?header=Get-Funding--Today')).toBe('Get Funding Today');
    expect(formHeading(fallback, '?header=Fast%2BEasy%20%20%20Loans')).toBe('Fast Easy Loans');
  });

  it('falls back to the default heading when the parameter is missing or empty', () => {
    expect(formHeading(fallback, '')).toBe(fallback);
    expect(formHeading(fallback, '?header=')).toBe(fallback);
    expect(formHeading(fallback, '?header=--')).toBe(fallback);
  });
});

describe('answersFromQuery', () => {
  it('stores the configured parameters under their record keys and ignores the rest', () => {
    const query = { zip: 'zip_user', utm_source: 'utm_source' };
    expect(answersFromQuery(query, '?zip=90210&utm_source=google&other=x')).toEqual({
      zip_user: '90210',
      utm_source: 'google',
    });
    expect(answersFromQuery(query, '?zip=')).toEqual({});
  });
});
