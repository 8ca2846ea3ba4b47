/**
 * The development aids of the server: the page with the development script and state, the status events, the
 * previews; and none of them outside development.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { DevPageState, DevStatus, DevStatusEvent } from '../../../server/dev/status.ts';
import {
  openTestPglite,
  tempDir,
  testConfig,
  withoutNonce,
  writeBuiltSite,
  type TestDatabase,
} from '../../support/server-harness.ts';

const PROBLEMS = [
  'flows/business-funding.v2.json /steps/amount/hedaing: unknown key "hedaing" (did you mean "heading"?)',
];
const DEV_SCRIPT = '<script type="module" src="/__dev/client.js"></script>';

let database: TestDatabase;
let dir: ReturnType<typeof tempDir>;
let statusFile: string;
let development: FastifyInstance;
let production: FastifyInstance;
let origin: string;

function writeStatus(status: DevStatus): void {
  writeFileSync(statusFile, JSON.stringify(status));
}

/** A page's markup without its response's nonce, which every script element carries. */
const pageOf = (response: LightMyRequestResponse) =>
  withoutNonce(response.body, response.headers['content-security-policy']);

function devState(html: string): DevPageState {
  const json = /<script id="fundflow-dev" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('no development state in the page');
  return JSON.parse(json) as DevPageState;
}

beforeAll(async () => {
  database = await openTestPglite();
  dir = tempDir();
  const dist = join(dir.path, 'dist');
  writeBuiltSite(dist);
  statusFile = join(dist, '.dev-status.json');
  writeStatus({ problems: PROBLEMS, build: 2 });
  const config = testConfig({ STATIC_DIR: dist });
  development = await buildApp({ config, db: database.db, logger: false, development: true });
  origin = await development.listen({ port: 0, host: '127.0.0.1' });
  production = await buildApp({ config, db: database.db, logger: false, development: false });
  await production.ready();
}, 60_000);

afterAll(async () => {
  await development?.close();
  await production?.close();
  await database?.cleanup();
  dir?.remove();
});

/** The status events of /__dev/events, one at a time. */
async function openEvents() {
  const abort = new AbortController();
  const response = await fetch(`${origin}/__dev/events`, { signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    response,
    async next(): Promise<DevStatusEvent> {
      for (;;) {
        const match = /event: status\ndata: (.*)\n\n/.exec(buffered);
        if (match !== null) {
          buffered = buffered.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as DevStatusEvent;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffered += value;
      }
    },
    close: () => abort.abort(),
  };
}

describe('in development', () => {
  it('serves /__preview/v2/phone as the page, with the answers of the steps before it and the step’s real path', async () => {
    const response = await development.inject({ method: 'GET', url: '/__preview/v2/phone' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id=root></div>');

    const { preview, build } = devState(pageOf(response));
    expect(build).toBe(2);
    expect(preview).toMatchObject({ storageKey: 'business-funding.v2', path: '/v2/phone' });
    const record = JSON.parse(preview!.record) as Record<string, unknown>;
    expect(record).toMatchObject({
      business_name: 'Morgan Bakery',
      email: 'alex.morgan@example.com',
      full_name: 'Alex Morgan',
    });
    expect(record).not.toHaveProperty('phone');
    expect(record.expire_time).toBeGreaterThan(Date.now());

    // Before the page's own script, so the answers are stored before the page starts.
    const page = pageOf(response);
    expect(page.indexOf(DEV_SCRIPT)).toBeGreaterThan(-1);
    expect(page.indexOf(DEV_SCRIPT)).toBeLessThan(page.indexOf('/main.1a2b3c4d.js'));
    expect(response.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic' 'self';/);
  });

  it('serves v1, the main flow at the root, by its version too', async () => {
    const response = await development.inject({ method: 'GET', url: '/__preview/v1/amount' });
    expect(response.statusCode).toBe(200);
    expect(devState(pageOf(response)).preview).toMatchObject({ storageKey: 'business-funding', path: '/amount' });
  });

  it('names the versions or the steps there are, with the closest one, for an address that names none', async () => {
    const step = await development.inject({ method: 'GET', url: '/__preview/v2/phnoe' });
    expect(step.statusCode).toBe(404);
    expect(step.body).toContain('v2 has no step &#34;phnoe&#34; (did you mean &#34;phone&#34;?)');
    expect(step.body).toContain('<a href="/__preview/v2/about-business">about-business</a>');

    const version = await development.inject({ method: 'GET', url: '/__preview/v4/phone' });
    expect(version.statusCode).toBe(404);
    expect(version.body).toContain('There is no version &#34;v4&#34;');
    for (const name of ['v1', 'v2', 'v3']) expect(version.body).toContain(`<a href="/__preview/${name}">${name}</a>`);

    const index = await development.inject({ method: 'GET', url: '/__preview/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<a href="/__preview/v3">v3</a>');
  });

  it('puts the development script and the build counter into every page', async () => {
    const response = await development.inject({ method: 'GET', url: '/v2/amount' });
    expect(pageOf(response)).toContain(DEV_SCRIPT);
    expect(response.body).toContain('<link rel="stylesheet" href="/__dev/client.css">');
    expect(devState(pageOf(response))).toEqual({ build: 2, content: expect.any(String) });
  });

  it('serves /__dev/client.js as JavaScript the browser can run (no types left)', async () => {
    const response = await development.inject({ method: 'GET', url: '/__dev/client.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const file = join(dir.path, 'client.mjs');
    writeFileSync(file, response.body);
    const module = (await import(file)) as Record<string, unknown>;
    expect(typeof module.startDevClient).toBe('function');
  });

  it('streams the current problems on /__dev/events, and every new status as npm run dev writes it', async () => {
    const events = await openEvents();
    try {
      expect(events.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await events.next()).toEqual({ problems: PROBLEMS, build: 2, content: expect.any(String) });
      writeStatus({ problems: [], build: 3 });
      expect(await events.next()).toMatchObject({ problems: [], build: 3 });
    } finally {
      events.close();
      writeStatus({ problems: PROBLEMS, build: 2 });
    }
  });
});

describe('in production', () => {
  it('answers 404 for the previews and the development files, as for any unknown path', async () => {
    for (const url of ['/__preview/v2/phone', '/__dev/client.js', '/__dev/events', '/__dev/client.css']) {
      const response = await production.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('fundflow-dev');
    }
  });

  it('sends the page without the development script or state', async () => {
    const response = await production.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id=root></div>');
    expect(response.body).not.toContain('/__dev/');
    expect(response.body).not.toContain('fundflow-dev');
  });
});
