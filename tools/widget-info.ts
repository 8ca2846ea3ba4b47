/**
 * `.generated/widget-info.json`: what the flow checks need of each registered widget (its name, what it serves, its
 * options schema and the options a language keeps), for the server, which checks the flow studio's drafts as `npm run flows:check` does but may not
 * import widgets/ (React components). server/console/flows/ reads it at start.
 */
import type { WidgetInfo } from '../engine/flow/checks.ts';

/** Relative to `.generated/`. */
export const WIDGET_INFO_FILE = 'widget-info.json';

/** Plain JSON: TypeBox keeps its markers as symbols, which JSON leaves out. */
export function widgetInfoJson(widgets: readonly WidgetInfo[]): string {
  const info = widgets.map(({ name, serves, options, verbatim }) => ({ name, serves, options, verbatim }));
  return `${JSON.stringify(info)}\n`;
}
