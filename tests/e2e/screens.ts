/** Where screens.spec.ts saves its pictures, one folder per Playwright project (phone, desktop). */
import { fileURLToPath } from 'node:url';

export const SCREENS_DIR = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));
