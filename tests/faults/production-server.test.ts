/**
 * The server as production starts it (`npm run serve`): compiled into dist/.server/, it creates its embedded database
 * in a process of its own, applies the migrations, renders the start screens in another, reads its files (flows,
 * content, the ZIP table) from the project, and answers the page and the API. No TypeScript runs anywhere: Node
 * refuses it (--no-strip-types), in the server and, through NODE_OPTIONS, in the processes it starts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, writeBuiltSite } from '../support/server-harness.ts';
import { freePort, type ServerProcess } from '../support/server-process.ts';
import { kill, runServer } from './support.ts';

// The build's renderer (site/prerender.tsx) in miniature: the first flow's start screen.
const RENDERER = `
export const ready = async () => {};
export const startPaths = ['/'];
export const prerender = (path, config) => '<main><h1>' + config.productName + ' starts at ' + path + '</h1></main>';
`;

const dir = tempDir('fundflow-production-');
let origin: string;
let server: ServerProcess;

beforeAll(async () => {
  const staticDir = join(dir.path, 'dist');
  writeBuiltSite(staticDir);
  mkdirSync(join(staticDir, '.prerender'));
  writeFileSync(join(staticDir, '.prerender', 'prerender.js'), RENDERER);
  const port = await freePort();
  server = await runServer({
    NODE_OPTIONS: '--no-strip-types',
    PORT: String(port),
    STATIC_DIR: staticDir,
    DATA_DIR: join(dir.path, 'data'),
    PRODUCT_NAME: 'Acme Funding',
  });
  origin = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  if (server !== undefined) await kill(server);
  dir.remove();
});

describe('the compiled server', () => {
  it('runs from dist/.server/ and opens its new embedded database', async () => {
    expect(server.child.spawnargs.at(-1)).toBe('dist/.server/server/index.js');
    expect(server.output()).toContain('"msg":"database migrated"');
    expect(await (await fetch(`${origin}/api/v1/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves the start screen its renderer drew, and the flows’ other routes', async () => {
    const start = await fetch(`${origin}/`);
    expect(start.status).toBe(200);
    expect(await start.text()).toContain('<main><h1>Acme Funding starts at /</h1></main>');
    expect((await fetch(`${origin}/amount`)).status).toBe(200);
  });

  it('answers ZIP lookups from the ZIP table and the content marketers edit', async () => {
    const lookup = await fetch(`${origin}/api/v1/zipcode/validate?zipcode=90210`);
    expect(await lookup.json()).toEqual([
      { zipcodes: [{ default_city: 'Beverly Hills', state_abbreviation: 'CA', zipcode: '90210' }] },
    ]);
    const thankYou = await fetch(`${origin}/api/v1/content/thank-you`);
    expect(thankYou.status).toBe(200);
    expect(await thankYou.json()).toHaveProperty('specify_business_hours');
  });
});
