/** CONSENT_DEFAULT: Google consent mode's defaults for everyone, and for the regions that differ. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/platform/config/load.ts';
import { configProblems } from '../../../support/server-harness.ts';

describe('CONSENT_DEFAULT', () => {
  it('grants everything when unset, as the page did before consent mode', () => {
    expect(loadConfig({}).consentDefault).toEqual([{ state: 'granted', regions: [] }]);
  });

  it.each([
    ['denied', [{ state: 'denied', regions: [] }]],
    [' Granted ', [{ state: 'granted', regions: [] }]],
    [
      'granted;denied:US-CA,US-CO,US-CT',
      [
        { state: 'granted', regions: [] },
        { state: 'denied', regions: ['US-CA', 'US-CO', 'US-CT'] },
      ],
    ],
    [
      'denied; granted: us-tx , US-FL ;denied:DE',
      [
        { state: 'denied', regions: [] },
        { state: 'granted', regions: ['US-TX', 'US-FL'] },
        { state: 'denied', regions: ['DE'] },
      ],
    ],
  ])('reads %j', (raw, rules) => {
    expect(loadConfig({ CONSENT_DEFAULT: raw }).consentDefault).toEqual(rules);
  });

  it.each([
    ['yes', 'must start with granted or denied'],
    ['US-CA:denied', 'must start with granted or denied'],
    ['granted;denied', 'has "denied" where a state and its regions go'],
    ['granted;maybe:US-CA', 'has "maybe:US-CA" where a state and its regions go'],
    ['granted;denied:California', 'names "CALIFORNIA", which is not a region'],
    ['granted;denied:', 'names "", which is not a region'],
    ['granted;denied:US-CA;granted:US-CA', 'names US-CA twice: give each region one state'],
  ])('refuses %j, naming the variable and what to write', (raw, problem) => {
    const [message] = configProblems({ CONSENT_DEFAULT: raw });
    expect(message).toContain('CONSENT_DEFAULT');
    expect(message).toContain(problem);
  });
});
