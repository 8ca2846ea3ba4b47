/**
 * Which editor a step's address shows (editor-routes.tsx keys the editor by it): where the editor was opened. The
 * address a new draft's step replaces the version's step with carries the key along as router state, so the same
 * editor stays, with its focus and what is being typed.
 */
import type { DraftSource } from './use-draft-session.ts';

/** Router state of the address a new draft's step replaces the version's step with. */
export interface EditorKeyState {
  editorKey: string;
}

export const keyOf = (source: DraftSource) =>
  source.kind === 'version' ? `version:${source.name}` : `draft:${source.id}`;
