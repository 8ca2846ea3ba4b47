/**
 * Copies the pictures screens.spec.ts saved (test-results/screens/) to docs/screens/ and writes docs/screens.md, which
 * shows each screen on the phone and on the desktop side by side: `npm run screens` runs both steps.
 */
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/platform/paths.ts';
import { renderScreensPage, SCREEN_PROJECTS } from './screens-page.ts';
import { SCREENS_DIR } from './screens.ts';

const docs = join(PROJECT_ROOT, 'docs');
const target = join(docs, 'screens');

for (const project of SCREEN_PROJECTS) {
  if (!existsSync(join(SCREENS_DIR, project))) {
    process.stderr.write(
      `No pictures for ${project} in ${SCREENS_DIR}: run the screens spec first (npm run screens).\n`,
    );
    process.exit(1);
  }
}
rmSync(target, { recursive: true, force: true });
const names = new Set<string>();
for (const project of SCREEN_PROJECTS) {
  cpSync(join(SCREENS_DIR, project), join(target, project), { recursive: true });
  for (const file of readdirSync(join(target, project))) names.add(file.replace(/\.png$/, ''));
}
writeFileSync(join(docs, 'screens.md'), renderScreensPage([...names].sort()));
process.stdout.write(`docs/screens.md: ${names.size} screens\n`);
