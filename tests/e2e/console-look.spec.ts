/**
 * The console's look on the phone and on the desktop (both projects run it): every page, with a lead to show, passes
 * the axe audit of WCAG 2.2 AA, every field's border stands out 3:1 from what is behind it (which axe does not check),
 * and no page scrolls sideways, at the project's width and at 320 px: tables scroll inside their own box.
 */
import { axeViolations, faintFieldBorders, overflowingWidth } from './audit.ts';
import { CONSOLE_PAGES, walkConsolePages, type ConsolePageName } from './console-pages.ts';
import { expect, test } from './fixtures.ts';
import { sendLeadWithTypedAddress } from './walk.ts';

test('every console page passes the audit, shows its fields and fits the screen, down to 320 px', async ({
  page,
}, info) => {
  // A walk through the form for a lead, then the console's pages twice, the first time each audited by axe.
  test.setTimeout(180_000);
  const email = `console.look.${info.project.name}@example.com`;
  await sendLeadWithTypedAddress(page, email);
  await expect(page).toHaveURL((url) => url.pathname === '/thank-you', { timeout: 15_000 });

  const { width } = page.viewportSize()!;
  const looked: ConsolePageName[] = [];
  await walkConsolePages(page, email, async (name) => {
    looked.push(name);
    // Soft: one run lists everything to fix on every page. The framed preview (flow-step) is the visitor's page,
    // audited as such by its own tests; framed, axe would take its banner and main for a second console's.
    expect.soft(await axeViolations(page, 'iframe'), `axe on ${name}`).toEqual([]);
    expect.soft(await faintFieldBorders(page), `field borders on ${name}`).toEqual([]);
    expect.soft(await overflowingWidth(page), `${name} at ${width} px`).toEqual([]);
  });
  expect(looked).toEqual(CONSOLE_PAGES);

  await page.setViewportSize({ width: 320, height: 640 });
  await walkConsolePages(page, email, async (name) => {
    expect.soft(await overflowingWidth(page), `${name} at 320 px`).toEqual([]);
  });
});
