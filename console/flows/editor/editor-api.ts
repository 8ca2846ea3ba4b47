/**
 * The editor's calls to the flow studio's API (contracts/flow-studio.ts): a draft read, saved with the revision it was
 * made from, published; and the shapes of the refusals it handles itself (a conflict, a publish refused).
 */
import type {
  DraftConflict,
  DraftCreate,
  DraftSave,
  DraftTranslationsSave,
  FlowDraft,
  FlowProblem,
  FlowVersionSummary,
  PublishRequest,
} from '../../../contracts/flow-studio.ts';
import { ApiError } from '../../../engine/api/client.ts';
import { consoleCall } from '../../console-api.ts';

export const draftApi = (id: string) => `/api/admin/flows/drafts/${encodeURIComponent(id)}`;
export const versionApi = (name: string) => `/api/admin/flows/versions/${encodeURIComponent(name)}`;

export function createDraft(base: string): Promise<FlowDraft> {
  const request: DraftCreate = { base };
  return consoleCall<FlowDraft>('/api/admin/flows/drafts', 'POST', request);
}

export function saveDraft(id: string, save: DraftSave): Promise<FlowDraft> {
  return consoleCall<FlowDraft>(draftApi(id), 'PUT', save);
}

export function saveTranslations(id: string, save: DraftTranslationsSave): Promise<FlowDraft> {
  return consoleCall<FlowDraft>(`${draftApi(id)}/translations`, 'PUT', save);
}

export function publishDraft(id: string, request: PublishRequest): Promise<FlowVersionSummary> {
  return consoleCall<FlowVersionSummary>(`${draftApi(id)}/publish`, 'POST', request);
}

/** The 409 a save or publish from an older revision gets: who changed the draft, when, and the draft now. */
export function conflictOf(failure: unknown): DraftConflict | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 409) return undefined;
  const body = failure.body as Partial<DraftConflict> | undefined;
  return body?.draft !== undefined && typeof body.changed_by === 'string' ? (body as DraftConflict) : undefined;
}

/** The problems a publish was refused for (422 PublishRefused); empty for any other refusal. */
export function refusedProblems(failure: unknown): FlowProblem[] {
  if (!(failure instanceof ApiError) || failure.status !== 422) return [];
  const body = failure.body as { problems?: unknown } | undefined;
  return Array.isArray(body?.problems) ? (body.problems as FlowProblem[]) : [];
}
