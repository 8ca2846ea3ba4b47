import { describe, expect, it } from 'vitest';
import { isHashedAssetPath, strategyFor, type RoutableRequest } from '../../site/service-worker-routing.ts';

const ORIGIN = 'https://apply.acme.example';

function request(path: string, overrides: Partial<RoutableRequest> = {}): RoutableRequest {
  return { url: new URL(path, ORIGIN).href, method: 'GET', mode: 'cors', ...overrides };
}

describe('strategyFor', () => {
  it('takes every page navigation network first, whatever the route', () => {
    for (const path of ['/', '/amount', '/v2/phone', '/v3/amount?utm_source=mail', '/nope', '/index.html']) {
      expect(strategyFor(request(path, { mode: 'navigate' }), ORIGIN), path).toBe('navigate');
    }
  });

  it('takes content-hashed files of this origin cache first, lazy chunks included', () => {
    for (const path of [
      '/main.1a2b3c4d.js',
      '/index.5e6f7a8b.css',
      '/assets/logo.0badf00d.svg',
      '/js-confetti.b1c2d3e4.js',
    ]) {
      expect(strategyFor(request(path), ORIGIN), path).toBe('asset');
    }
    expect(strategyFor(request('/main.1a2b3c4d.js', { mode: 'same-origin' }), ORIGIN)).toBe('asset');
  });

  it('leaves everything under /api/ to the network, reads and writes alike, even when navigated to', () => {
    const api: RoutableRequest[] = [
      request('/api/v1/zipcode/validate?zip=10001'),
      request('/api/v1/content/home-popup'),
      request('/api/v1/leads', { method: 'POST' }),
      request('/api', { mode: 'navigate' }),
      request('/api/v1/health', { mode: 'navigate' }),
      // Hashed-looking names under /api are still the API's.
      request('/api/v1/files/report.1a2b3c4d.js'),
    ];
    for (const each of api) expect(strategyFor(each, ORIGIN), `${each.method} ${each.url}`).toBe('api');
  });

  it('does not touch other origins: maps, tag manager, lead certificate', () => {
    const others = [
      'https://maps.googleapis.com/maps/api/js?key=AIza&libraries=places',
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
      'https://api.trustedform.com/trustedform.js',
      'https://cdn.example/main.1a2b3c4d.js',
      'http://apply.acme.example/main.1a2b3c4d.js',
      'https://apply.acme.example:8443/main.1a2b3c4d.js',
    ];
    for (const url of others) {
      expect(strategyFor({ url, method: 'GET', mode: 'no-cors' }, ORIGIN), url).toBe('passthrough');
      expect(strategyFor({ url, method: 'GET', mode: 'navigate' }, ORIGIN), url).toBe('passthrough');
    }
  });

  it('does not touch other methods or files whose name does not change with their content', () => {
    expect(strategyFor(request('/amount', { method: 'POST', mode: 'navigate' }), ORIGIN)).toBe('passthrough');
    expect(strategyFor(request('/main.1a2b3c4d.js', { method: 'HEAD' }), ORIGIN)).toBe('passthrough');
    for (const path of ['/service-worker.js', '/robots.txt', '/index.html', '/settings.template.json']) {
      expect(strategyFor(request(path), ORIGIN), path).toBe('passthrough');
    }
  });

  it("leaves the operators' console to the browser: its page is never kept, nor answered with the visitor's", () => {
    for (const path of ['/admin', '/admin/', '/admin/leads/4f1c2d', '/admin/invite/abc?x=1']) {
      expect(strategyFor(request(path, { mode: 'navigate' }), ORIGIN), path).toBe('passthrough');
    }
    for (const path of ['/console/main.1a2b3c4d.js', '/console/index.5e6f7a8b.css']) {
      expect(strategyFor(request(path), ORIGIN), path).toBe('passthrough');
    }
    // Only the console's own paths: a visitor route that merely starts alike stays the page's.
    for (const path of ['/administration', '/adminx', '/consoles']) {
      expect(strategyFor(request(path, { mode: 'navigate' }), ORIGIN), path).toBe('navigate');
    }
  });
});

describe('isHashedAssetPath', () => {
  it('knows Parcel hashes from words', () => {
    expect(isHashedAssetPath('/main.1a2b3c4d.js')).toBe(true);
    expect(isHashedAssetPath('/assets/font.ABCDEFG1.woff2')).toBe(true);
    expect(isHashedAssetPath('/main.js')).toBe(false);
    expect(isHashedAssetPath('/main.1a2b3c4.js')).toBe(false);
    expect(isHashedAssetPath('/settings.template.json')).toBe(false);
    expect(isHashedAssetPath('/main.1a2b3c4d')).toBe(false);
  });
});
