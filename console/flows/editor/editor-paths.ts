/** The editor's addresses (a draft's step; the preview of a step), beside the Flows pages' own (../flows-paths.ts). */
import { PREVIEW_PREFIX, type FlowDraft } from '../../../contracts/flow-studio.ts';
import { draftPage } from '../flows-paths.ts';

export const draftStepPage = (id: string, stepId: string) => `${draftPage(id)}/steps/${encodeURIComponent(stepId)}`;

/** A step's page under a start address ("/" or "/v2", or a draft's preview path): the start itself for route "". */
export function stepAddress(start: string, route: string): string {
  const trimmed = start.replace(/\/+$/, '');
  return route === '' ? trimmed || '/' : `${trimmed}/${route}`;
}

/** Where the draft's preview shows a step (`/studio-preview/<draft id>/<route>`), fresh for each revision. */
export const previewAddress = (draft: FlowDraft, route: string) => stepAddress(draft.preview_path, route);

/** Where a version's own step is previewed before a first change makes a draft of it (`/studio-preview/<name>/<route>`). */
export const versionPreviewAddress = (name: string, route: string) => stepAddress(`${PREVIEW_PREFIX}/${name}`, route);
