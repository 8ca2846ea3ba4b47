/** docs/screens.md shows every picture in docs/screens/, on both viewports, as `npm run screens` last wrote them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderScreensPage, SCREEN_PROJECTS } from '../../e2e/screens-page.ts';

const docs = join(import.meta.dirname, '..', '..', '..', 'docs');
const pictures = (project: string) =>
  readdirSync(join(docs, 'screens', project))
    .map((file) => file.replace(/\.png$/, ''))
    .sort();

describe('docs/screens.md', () => {
  it('has a picture of each screen on the phone and on the desktop', () => {
    const [phone, desktop] = SCREEN_PROJECTS.map(pictures);
    expect(phone!.length).toBeGreaterThanOrEqual(19);
    expect(desktop).toEqual(phone);
  });

  it('shows exactly the pictures there are', () => {
    expect(readFileSync(join(docs, 'screens.md'), 'utf8')).toBe(renderScreensPage(pictures('phone')));
  });

  it('names each screen after its picture', () => {
    const page = renderScreensPage(['04-amount', '16-phone']);
    expect(page).toContain('| Amount | <img src="screens/phone/04-amount.png" alt="Amount on the phone" width="260">');
    expect(page).toContain('<img src="screens/desktop/16-phone.png" alt="Phone on the desktop" width="480"> |');
    expect(existsSync(join(docs, 'screens.md'))).toBe(true);
  });
});
