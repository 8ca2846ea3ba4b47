/**
 * The end-to-end tests' `test`: every page runs offline from the rest of the internet (a third party the test does
 * not stand in for fails to load, as it would for a visitor behind a blocker), and every test fails on any
 * Content-Security-Policy violation seen on any screen it visited.
 */
import { expect, test as base } from '@playwright/test';

export { expect };

export const test = base.extend<{ guardPage: void }>({
  guardPage: [
    async ({ page }, use) => {
      await page.context().route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
      const violations: string[] = [];
      await page.exposeFunction('__reportCspViolation', (violation: string) => violations.push(violation));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
          report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
        });
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
