/**
 * The studio's preview of a draft: the real page for the draft's flow, at an address, storage key and version of its
 * own, the steps before the one shown answered with samples, never indexed, framed by the console only, and for
 * signed-in console users only.
 */
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { previewPath } from '../../../../contracts/flow-studio.ts';
import { consoleApp } from '../../../support/console-app.ts';
import { consoleDatabaseForSuite } from '../../../support/console-database.ts';
import { DATABASES, tempDir, writeBuiltSite } from '../../../support/server-harness.ts';
import { newDraft, saved, studioCall, studioUser } from './studio-fixture.ts';

describe.each(DATABASES)('the flow studio preview on $name', { timeout: 60_000 }, (kind) => {
  const suite = consoleDatabaseForSuite(kind);

  async function appWithSite() {
    const site = tempDir();
    onTestFinished(site.remove);
    writeBuiltSite(join(site.path, 'dist'));
    return consoleApp(suite.db, { env: { STATIC_DIR: join(site.path, 'dist') } });
  }

  it('serves the draft as the visitor would see it, at its preview address, out of search engines', async () => {
    const app = await appWithSite();
    const operator = await studioUser(suite.db, 'operator');
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await saved(app, marketer, await newDraft(app, marketer), {
      steps: { start: { heading: 'Funding for your shop' } },
    });
    const page = await studioCall(app, { method: 'GET', url: previewPath(draft.id), as: operator });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.body).toContain('Funding for your shop');
    expect(page.body).toContain(`"basePath":"/studio-preview/${draft.id}"`);
    expect(page.body).toContain(`"storageKey":"studio-preview-${draft.id}"`);
    expect(page.body).toContain('"version":"preview"');
  });

  it("answers the steps before the one shown with sample answers, seeded into the page's storage", async () => {
    const app = await appWithSite();
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await newDraft(app, marketer);
    const page = await studioCall(app, { method: 'GET', url: previewPath(draft.id, 'loan-purpose'), as: marketer });
    expect(page.statusCode).toBe(200);
    const seed = /localStorage\.setItem\("studio-preview-[^"]+",("(?:[^"\\]|\\.)*")\)/.exec(page.body);
    expect(seed, 'the seed of the page storage').not.toBeNull();
    const record = JSON.parse(JSON.parse(seed![1]!) as string) as Record<string, unknown>;
    expect(JSON.stringify(record)).toMatch(/"business_type"/);
    expect(JSON.stringify(record)).toMatch(/"amount"/);

    const byId = await studioCall(app, { method: 'GET', url: `${previewPath(draft.id)}?step=amount`, as: marketer });
    expect(byId.statusCode).toBe(302);
    expect(byId.headers.location).toBe(previewPath(draft.id, 'amount'));
  });

  it('previews a version by its name as it is, before a first change makes a draft of it, framed by the console', async () => {
    const app = await appWithSite();
    const operator = await studioUser(suite.db, 'operator');
    const page = await studioCall(app, { method: 'GET', url: previewPath('v2', 'amount'), as: operator });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('"basePath":"/studio-preview/v2"');
    expect(page.body).toContain('"storageKey":"studio-preview-v2"');
    expect(page.body).toContain('"version":"preview"');
    const unknown = await studioCall(app, { method: 'GET', url: previewPath('v9', 'amount'), as: operator });
    expect(unknown.statusCode).toBe(404);
  });

  it('says a draft whose validators cannot be compiled cannot be shown yet, rather than failing', async () => {
    const app = await appWithSite();
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await saved(app, marketer, await newDraft(app, marketer), {
      steps: { amount: { schema: { type: 'object', properties: { amount: { type: 'money' } } } } },
    });
    expect(draft.problems.length).toBeGreaterThan(0);
    const page = await studioCall(app, { method: 'GET', url: previewPath(draft.id, 'amount'), as: marketer });
    expect(page.statusCode).toBe(422);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('The draft cannot be shown until it is fixed');
  });

  it('is for signed-in console users only, and 404 for a draft or step there is not', async () => {
    const app = await appWithSite();
    const marketer = await studioUser(suite.db, 'marketer');
    const draft = await newDraft(app, marketer);
    const signedOut = await studioCall(app, { method: 'GET', url: previewPath(draft.id) });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain('Sign in to the console');
    const missing = await studioCall(app, {
      method: 'GET',
      url: previewPath('7c1e2f3a-0000-4000-8000-000000000000'),
      as: marketer,
    });
    expect(missing.statusCode).toBe(404);
    const noStep = await studioCall(app, { method: 'GET', url: previewPath(draft.id, 'nowhere'), as: marketer });
    expect(noStep.statusCode).toBe(404);
  });
});
