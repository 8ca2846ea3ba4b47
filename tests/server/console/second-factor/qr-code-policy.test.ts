/** The console's page lets the set-up's QR code show: it comes as a data: image, which its policy must allow. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { CONSOLE_PAGE } from '../../../../contracts/console.ts';
import { startTestApp } from '../../../support/server-harness.ts';

describe("the console page's Content-Security-Policy", () => {
  it('allows data: images, and images from its own origin', async () => {
    const { app, close } = await startTestApp();
    onTestFinished(close);
    const page = await app.inject({ method: 'GET', url: CONSOLE_PAGE });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    const images = policy.split(';').find((directive) => directive.trim().startsWith('img-src'));
    expect(images?.trim().split(/\s+/)).toEqual(expect.arrayContaining(["'self'", 'data:']));
  });
});
