/**
 * The widget registry as the flow checks need it (names, what each serves, its options schema), read from
 * `.generated/widget-info.json`, which `npm run flows:compile` writes from widgets/info.ts: the server may not import
 * the widgets themselves (React components), yet checks drafts with exactly the checks `npm run flows:check` runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WidgetInfo } from '../../../engine/flow/checks.ts';
import { PROJECT_ROOT } from '../../platform/paths.ts';

/** Where tools/widget-info.ts writes it (WIDGET_INFO_FILE under .generated/). */
export const WIDGET_INFO_PATH = join(PROJECT_ROOT, '.generated', 'widget-info.json');

/** Throws, saying what to run, when the file is missing: the build and `npm run flows:compile` write it. */
export function readWidgetInfo(path = WIDGET_INFO_PATH): readonly WidgetInfo[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`The widget list for the flow studio's checks is missing (${path}): run npm run flows:compile`, {
      cause: error,
    });
  }
  return JSON.parse(text) as WidgetInfo[];
}
