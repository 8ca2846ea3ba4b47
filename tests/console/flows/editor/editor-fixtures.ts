/**
 * The flow studio's API as the editor's tests stub it: version v1 (the real flow file), drafts of it by revision, and
 * handlers recording what the editor saved.
 */
import flowFile from '../../../../flows/business-funding.json' with { type: 'json' };
import type { FlowDraft, FlowProblem, FlowVersionDetail } from '../../../../contracts/flow-studio.ts';
import type { Handler } from '../../stub-server.tsx';

export const V1_FLOW = flowFile as unknown as Record<string, unknown>;

export const V1_DETAIL: FlowVersionDetail = {
  summary: {
    name: 'v1',
    kind: 'file',
    path: '/',
    base: null,
    status: 'live',
    weight: 0,
    languages: ['English', 'Español'],
    published_by: null,
    published_at: null,
    retired_at: null,
    visitors: 0,
    leads: 0,
    conversion: null,
    revenue: '0.00',
    revenue_per_visitor: null,
  },
  flow: V1_FLOW,
  overlay: V1_FLOW,
};

export const DRAFT_ID = 'd1';

export function draftOf(overlay: Record<string, unknown>, revision: number, problems: FlowProblem[] = []): FlowDraft {
  return {
    id: DRAFT_ID,
    base: 'v1',
    revision,
    updated_by: 'mk@acme.example',
    updated_at: '2026-12-06T10:00:00Z',
    overlay,
    flow: null,
    problems,
    languages: [],
    preview_path: `/studio-preview/${DRAFT_ID}`,
  };
}

export const EMPTY_OVERLAY = { extends: 'business-funding.json' };

export const gettingVersion: Handler = ({ method, url }) =>
  method === 'GET' && url === '/api/admin/flows/versions/v1' ? { status: 200, body: V1_DETAIL } : undefined;

/** POST /api/admin/flows/drafts: a new draft of v1 at revision 1. */
export const creatingDraft: Handler = ({ method, url }) =>
  method === 'POST' && url === '/api/admin/flows/drafts' ? { status: 201, body: draftOf(EMPTY_OVERLAY, 1) } : undefined;

/** PUT of the draft: saved as sent, one revision on, with the problems `problemsOf` finds in it. */
export const savingDraft =
  (problemsOf: (overlay: Record<string, unknown>) => FlowProblem[] = () => []): Handler =>
  ({ method, url, body }) => {
    if (method !== 'PUT' || url !== `/api/admin/flows/drafts/${DRAFT_ID}`) return undefined;
    const { overlay, revision } = body as { overlay: Record<string, unknown>; revision: number };
    return { status: 200, body: draftOf(overlay, revision + 1, problemsOf(overlay)) };
  };

/** GET of the draft answers this one. */
export const gettingDraft =
  (draft: FlowDraft): Handler =>
  ({ method, url }) =>
    method === 'GET' && url === `/api/admin/flows/drafts/${draft.id}` ? { status: 200, body: draft } : undefined;
