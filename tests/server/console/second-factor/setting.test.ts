/** CONSOLE_MFA: required unless the settings say optional; anything else stops the start with what to fix. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/platform/config/load.ts';
import { configProblems } from '../../../support/server-harness.ts';

describe('CONSOLE_MFA', () => {
  it('is required when unset', () => {
    expect(loadConfig({}).consoleMfa).toBe('required');
  });

  it('takes optional', () => {
    expect(loadConfig({ CONSOLE_MFA: 'optional' }).consoleMfa).toBe('optional');
  });

  it('stops the start on anything else, saying what it may be', () => {
    expect(configProblems({ CONSOLE_MFA: 'sometimes' })).toContainEqual(
      expect.stringMatching(/^CONSOLE_MFA must be required \(.*\) or optional \(.*\) \(got "sometimes"\)$/),
    );
  });
});
