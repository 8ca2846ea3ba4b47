/**
 * The flow studio's API (contracts/flow-studio.ts) and its preview: versions, drafts, publishing, the split test and
 * retiring (docs/decisions/110-flow-studio-storage.md, 112-draft-checks-and-consent.md). Registered inside the
 * console's plugin, whose session hook it relies on for who is signed in.
 */
import type { FastifyInstance } from 'fastify';
import type { VersionCatalog } from '../../page/index.ts';
import type { Database } from '../../platform/db/types.ts';
import { draftChecker } from './draft-checks.ts';
import { readStudioLanguages } from './draft-languages.ts';
import { registerFlowDraftRoutes } from './draft-routes.ts';
import { readFileVersions } from './file-versions.ts';
import { registerPreviewRoute } from './preview-route.ts';
import { registerPublishRoute } from './publish-route.ts';
import { registerSplitRoutes } from './split-routes.ts';
import { registerTranslationsRoute } from './translations-route.ts';
import { createStudio } from './studio.ts';
import { registerFlowVersionRoutes } from './version-routes.ts';
import { readWidgetInfo } from './widget-info.ts';

export interface FlowStudioOptions {
  db: Database;
  now: () => number;
  /** The flow files: the versions drafts start from, and the files a draft is checked with. */
  flowsDir: string;
  catalog: VersionCatalog;
  splitTest: ReadonlyMap<string, number>;
}

export function registerFlowStudio(app: FastifyInstance, options: FlowStudioOptions): void {
  const files = readFileVersions(options.flowsDir);
  const widgets = readWidgetInfo();
  const studio = createStudio({
    db: options.db,
    now: options.now,
    files,
    catalog: options.catalog,
    checker: draftChecker(files, widgets),
    splitTest: options.splitTest,
    languages: readStudioLanguages(options.flowsDir, files, widgets),
    widgets,
  });
  registerFlowVersionRoutes(app, studio);
  registerFlowDraftRoutes(app, studio);
  registerTranslationsRoute(app, studio);
  registerPublishRoute(app, studio);
  registerSplitRoutes(app, studio);
  registerPreviewRoute(app, studio);
}
