import { describe, expect, it } from 'vitest';
import { benchLead } from '../../bench/leads.ts';
import { DEFAULT_JSON, parseOptions } from '../../bench/options.ts';

describe('bench options', () => {
  it('defaults to every part, 5 runs and the results file', () => {
    expect(parseOptions([])).toMatchObject({
      runs: 5,
      compare: [],
      parts: [
        'lighthouse',
        'interaction',
        'studio-preview',
        'api',
        'events',
        'speed-to-lead',
        'auction',
        'console',
        'lead-count',
        'funnel',
      ],
      json: DEFAULT_JSON,
    });
  });

  it('takes every URL after --compare up to the next option', () => {
    const options = parseOptions(['--compare', 'http://127.0.0.1:8081/', 'http://127.0.0.1:8082', '--runs', '9']);
    expect(options.compare).toEqual(['http://127.0.0.1:8081/', 'http://127.0.0.1:8082/']);
    expect(options.runs).toBe(9);
  });

  it('takes --only repeated or comma-separated, and runs the parts in their fixed order', () => {
    expect(parseOptions(['--only', 'api,lighthouse']).parts).toEqual(['lighthouse', 'api']);
    expect(parseOptions(['--only', 'api', '--only=interaction']).parts).toEqual(['interaction', 'api']);
    expect(parseOptions(['--only', 'console,speed-to-lead']).parts).toEqual(['speed-to-lead', 'console']);
    expect(parseOptions(['--only', 'console,auction,speed-to-lead']).parts).toEqual([
      'speed-to-lead',
      'auction',
      'console',
    ]);
  });

  it('refuses what it cannot use', () => {
    expect(() => parseOptions(['--runs', '0'])).toThrow(/--runs/);
    expect(() => parseOptions(['--only', 'css'])).toThrow(
      /lighthouse, interaction, studio-preview, api, events, speed-to-lead, auction, console/,
    );
    expect(() => parseOptions(['--compare'])).toThrow(/at least one URL/);
    expect(() => parseOptions(['--compare', 'ftp://x/'])).toThrow(/http/);
    expect(() => parseOptions(['--fast'])).toThrow(/unknown/);
  });
});

describe('bench leads', () => {
  it('gives every lead its own email address and ten-digit phone number', () => {
    const leads = [0, 1, 2_000_000].map((n) => benchLead('run1', n));
    expect(new Set(leads.map((lead) => lead.email)).size).toBe(3);
    expect(new Set(leads.map((lead) => lead.phone)).size).toBe(3);
    for (const lead of leads) expect(lead.phone).toMatch(/^310[2-9]\d{6}$/);
  });
});
