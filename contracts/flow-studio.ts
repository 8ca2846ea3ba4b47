/**
 * The flow studio's part of the console API (`/api/admin/flows/...`): the versions (the files' and the published
 * ones), drafts being edited, publishing, the split test's weights and retiring. Shared by the console's pages and the
 * server; imports nothing of ours. A flow travels as plain JSON here: its type belongs to the engine.
 */

/** A published version's name: its address is `/<name>`. Lowercase letters, digits and hyphens, 2 to 40, a letter first. */
export const VERSION_NAME_PATTERN = '^[a-z][a-z0-9-]{1,39}$';

/**
 * First path segments no published version may take: the console, the API, the languages, the built-in legal pages,
 * the preview and the page's own files.
 */
export const RESERVED_VERSION_NAMES: readonly string[] = [
  'admin',
  'api',
  'console',
  'es',
  'en',
  'privacy',
  'terms',
  'do-not-sell',
  'stop-contacting',
  'studio-preview',
  'flow-assets',
  'index',
  'assets',
  'static',
];

/** Where the console's preview of a draft is served: `/studio-preview/<draft id>/<step route>` (console session only). */
export const PREVIEW_PREFIX = '/studio-preview';

/** Where a published version's later steps' validators are served (a script, content-hashed). */
export const FLOW_ASSETS_PREFIX = '/flow-assets';

/**
 * How long a retired version's later steps stay served, so a visitor part way through can finish: the form record's
 * seven days. The server keeps to it and the console says it.
 */
export const RETIRED_FINISH_DAYS = 7;

/** live: new visitors may get it; split: one of several live versions sharing '/' by weight; retired: closed to new visitors. */
export type VersionStatus = 'live' | 'split' | 'retired';

export interface FlowVersionSummary {
  name: string;
  /** file: a flows/*.json version (a read-only base); published: made in the studio. */
  kind: 'file' | 'published';
  /** Its start address, e.g. "/", "/v2", "/spring-promo". */
  path: string;
  /** The version it extends; null for a file that extends none. */
  base: string | null;
  status: VersionStatus;
  /** Its share of '/' in the split test (0 when not in it). */
  weight: number;
  /** The languages it is served in, by name in themselves ("English", "Español"). */
  languages: string[];
  published_by: string | null;
  published_at: string | null;
  retired_at: string | null;
  /** From the funnel, all time: visitors who viewed it, leads from them, leads / visitors (null with no visitor). */
  visitors: number;
  leads: number;
  conversion: number | null;
  /** From the funnel, all time: what its visitors' leads sold for, returned ones left out: exact dollars, "1234.50". */
  revenue: string;
  /**
   * revenue / visitors in dollars with its 95 % interval, as the funnel gives it (the interval null below 10 sales);
   * null with no visitor.
   */
  revenue_per_visitor: { mean: number; low: number | null; high: number | null } | null;
}

export interface DraftSummary {
  id: string;
  /** The version the draft extends. */
  base: string;
  revision: number;
  updated_by: string;
  updated_at: string;
}

/** One problem of a draft: the JSON pointer into the draft's resolved flow it names, and what is wrong, readably. */
export interface FlowProblem {
  pointer: string;
  message: string;
}

/**
 * A draft in one of the other languages of the flows: the texts it adds or changes (its base's own texts keep their
 * translations), each with its translation (null while it has none). Published with `missing` at 0, the version is also
 * served in this language, at its prefix.
 */
export interface DraftLanguage {
  /** Its code, the address prefix ("es"). */
  language: string;
  /** Its name in itself ("Español"). */
  name: string;
  missing: number;
  texts: { pointer: string; source: string; text: string | null }[];
}

/** GET /api/admin/flows */
export interface FlowVersionList {
  versions: FlowVersionSummary[];
  drafts: DraftSummary[];
}

/** GET /api/admin/flows/versions/:name: the version resolved, and as written (the overlay; a file's own JSON). */
export interface FlowVersionDetail {
  summary: FlowVersionSummary;
  flow: Record<string, unknown>;
  overlay: Record<string, unknown>;
}

/**
 * GET, PUT /api/admin/flows/drafts/:id. `overlay` holds only what differs from the base (`extends` names it); `flow`
 * is the overlay applied to its base, null when the overlay cannot be applied (see problems).
 */
export interface FlowDraft extends DraftSummary {
  overlay: Record<string, unknown>;
  flow: Record<string, unknown> | null;
  problems: FlowProblem[];
  /** The draft in each other language of the flows (empty while it has no flow). */
  languages: DraftLanguage[];
  /** The preview's start address for this revision, under PREVIEW_PREFIX. */
  preview_path: string;
}

/** POST /api/admin/flows/drafts: a new, empty draft of this version. */
export interface DraftCreate {
  base: string;
}

/** PUT /api/admin/flows/drafts/:id: the whole overlay, and the revision it was made from. */
export interface DraftSave {
  overlay: Record<string, unknown>;
  revision: number;
}

/**
 * PUT /api/admin/flows/drafts/:id/translations: one language's translations, by JSON pointer (one of the draft's texts
 * in DraftLanguage), replacing those it had; a text left empty has none. Made from `revision`, like a save.
 */
export interface DraftTranslationsSave {
  language: string;
  texts: Record<string, string>;
  revision: number;
}

/** 409 to a PUT or publish made from an older revision: who changed it, when, and the draft as it is now. */
export interface DraftConflict {
  error: string;
  /** "Changed by X at T" (the server always says it). */
  message?: string;
  changed_by: string;
  changed_at: string;
  draft: FlowDraft;
}

/** POST /api/admin/flows/drafts/:id/publish */
export interface PublishRequest {
  name: string;
  revision: number;
}

/** 422 to a publish while checks fail: every problem. (A taken name: 409 with `error` naming it.) */
export interface PublishRefused {
  error: string;
  message: string;
  problems: FlowProblem[];
}

/** PUT /api/admin/flows/split: the weights of '/' by live version (0 or absent: not in the test). */
export interface SplitWeights {
  weights: Record<string, number>;
}

/**
 * The global a published version's page (or the studio's preview) sets in its inline script before the site's script
 * runs: the compiled flow (the flow, its start step's validators, and a loader of the later steps' ones), which the
 * site's script adds to the flows it routes.
 */
export const PUBLISHED_FLOW_GLOBAL = 'fundflowPublishedFlow';

/**
 * What the global carries beside the compiled flow: the codes of the languages the version exists in ("en", "es"), so
 * the page links only to those; absent (the studio's preview), every language.
 */
export interface PublishedFlowLanguages {
  languages?: readonly string[];
}

/** The flow studio's API, under the console's (`/api/admin`). */
export const FLOWS_PATH = '/api/admin/flows';
export const FLOW_VERSIONS_PATH = `${FLOWS_PATH}/versions`;
export const FLOW_DRAFTS_PATH = `${FLOWS_PATH}/drafts`;
export const FLOW_SPLIT_PATH = `${FLOWS_PATH}/split`;
export const flowVersionPath = (name: string): string => `${FLOW_VERSIONS_PATH}/${encodeURIComponent(name)}`;
/** GET: the version as an overlay file for flows/ (an attachment). */
export const flowOverlayPath = (name: string): string => `${flowVersionPath(name)}/overlay`;
export const flowRetirePath = (name: string): string => `${flowVersionPath(name)}/retire`;
export const flowDraftPath = (id: string): string => `${FLOW_DRAFTS_PATH}/${encodeURIComponent(id)}`;
export const draftPublishPath = (id: string): string => `${flowDraftPath(id)}/publish`;
export const draftTranslationsPath = (id: string): string => `${flowDraftPath(id)}/translations`;
/** The preview of a draft at one of its steps' routes ('' for its start). */
export const previewPath = (id: string, route = ''): string =>
  `${PREVIEW_PREFIX}/${encodeURIComponent(id)}${route === '' ? '' : `/${route}`}`;

/** The largest request body of the studio: a draft's overlay may restate a whole flow, with room to spare. */
export const FLOW_STUDIO_BODY_LIMIT = 512 * 1024;

/** A version's name as a request gives it (the rules are checked by the route, which names what is wrong). */
const versionName = { type: 'string', minLength: 1, maxLength: 100 } as const;
const revision = { type: 'integer', minimum: 1 } as const;

/** POST /api/admin/flows/drafts (DraftCreate). */
export const draftCreateBody = {
  type: 'object',
  properties: { base: versionName },
  required: ['base'],
  additionalProperties: false,
} as const;

/**
 * PUT /api/admin/flows/drafts/:id (DraftSave). The overlay may be anything JSON: what is wrong with it comes back as
 * the draft's problems, each at its pointer, rather than as a refused request.
 */
export const draftSaveBody = {
  type: 'object',
  properties: { overlay: {}, revision },
  required: ['overlay', 'revision'],
  additionalProperties: false,
} as const;

/** PUT /api/admin/flows/drafts/:id/translations (DraftTranslationsSave). */
export const draftTranslationsBody = {
  type: 'object',
  properties: {
    language: { type: 'string', minLength: 2, maxLength: 2 },
    texts: {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 5000 },
      propertyNames: { maxLength: 500 },
      maxProperties: 2000,
    },
    revision,
  },
  required: ['language', 'texts', 'revision'],
  additionalProperties: false,
} as const;

/** POST /api/admin/flows/drafts/:id/publish (PublishRequest). */
export const publishBody = {
  type: 'object',
  properties: { name: versionName, revision },
  required: ['name', 'revision'],
  additionalProperties: false,
} as const;

/** PUT /api/admin/flows/split (SplitWeights): each weight is checked by the route, which names the version. */
export const splitWeightsBody = {
  type: 'object',
  properties: { weights: { type: 'object', maxProperties: 100 } },
  required: ['weights'],
  additionalProperties: false,
} as const;
