/** The addresses of the console's Flows pages, so a link and its route cannot drift apart. */
import { CONSOLE_PAGE } from '../../contracts/console.ts';
import { queryString } from '../console-api.ts';

export const FLOWS_PAGE = `${CONSOLE_PAGE}/flows`;

export const versionPage = (name: string) => `${FLOWS_PAGE}/versions/${encodeURIComponent(name)}`;

/** A version's step in the editor (helper C2's page). */
export const versionStepPage = (name: string, stepId: string) =>
  `${versionPage(name)}/steps/${encodeURIComponent(stepId)}`;

export const draftPage = (id: string) => `${FLOWS_PAGE}/drafts/${encodeURIComponent(id)}`;

/** The funnel page showing this version's steps (its `version` parameter, console/funnel-query.ts). */
export const funnelPage = (version: string) => `${CONSOLE_PAGE}/funnel${queryString({ version })}`;
