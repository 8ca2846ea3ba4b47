import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/security.ts';
import { testConfig } from './helpers.ts';

const directive = (policy: string, name: string) =>
  policy.split('; ').find((entry) => entry.startsWith(`${name} `))?.split(' ').slice(1) ?? [];

describe('the Content-Security-Policy', () => {
  it('lets the page load nothing from Google without a Maps key', () => {
    expect(contentSecurityPolicy(testConfig())).not.toContain('google');
  });

  it('lets the page load Places autocomplete when a Maps key is configured, and still never eval', () => {
    const policy = contentSecurityPolicy(testConfig({ GOOGLE_MAPS_API_KEY: 'AIzaTestKey' }));
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com']);
    expect(directive(policy, 'connect-src')).toContain('https://*.googleapis.com');
    expect(policy).not.toContain('unsafe-eval');
  });
});
