/**
 * The console's calls to /api/admin: the form's JSON requests (engine/api/client.ts), so the session cookie goes along
 * and every state-changing call carries the cross-site token. A refusal becomes an ApiError with the server's message,
 * which the pages show as it is; the console's own wording, in sentences, is for when the server names none.
 */
import {
  FLOW_DRAFTS_PATH,
  FLOW_SPLIT_PATH,
  flowRetirePath,
  type DraftCreate,
  type FlowDraft,
  type FlowVersionSummary,
  type SplitWeights,
} from '../contracts/flow-studio.ts';
import { requestJson, type FailureWording, type HttpMethod } from '../engine/api/client.ts';

const CONSOLE_WORDING: FailureWording = {
  unreachable: 'The server could not be reached. Check the connection and try again.',
  answered: (status) => `The server answered ${status}.`,
};

/**
 * Calls the console API and answers its JSON, typed by the contract's schema for that path (contracts/console.ts);
 * rejects with ApiError (status 0 when the server could not be reached).
 */
export function consoleCall<T>(path: string, method: HttpMethod = 'GET', body?: unknown): Promise<T> {
  // The server declares every answer with the contract's schema and drops what it does not name.
  return requestJson<T>(path, { method, body, wording: CONSOLE_WORDING });
}

/** The values that are set, as the entries of a query (setSearchParams takes them): empty ones left out. */
export function filledIn(values: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(values).filter(([, value]) => value !== '');
}

/** A query string of the values given, empty ones left out: `?a=1&c=x`, or '' when none is set. */
export function queryString(values: Readonly<Record<string, string | null | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, value);
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The message to show for a failed call. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}

/** A new, empty draft of this version. */
export function createFlowDraft(base: string): Promise<FlowDraft> {
  const request: DraftCreate = { base };
  return consoleCall<FlowDraft>(FLOW_DRAFTS_PATH, 'POST', request);
}

/** The split test's weights of '/', by live version; refused weights come back by field (`weights.<version>`). */
export function saveSplitWeights(weights: Record<string, number>): Promise<SplitWeights> {
  const request: SplitWeights = { weights };
  return consoleCall<SplitWeights>(FLOW_SPLIT_PATH, 'PUT', request);
}

/** Closes a published version to new visitors (its later steps stay served for a week). */
export function retireFlowVersion(name: string): Promise<FlowVersionSummary> {
  return consoleCall<FlowVersionSummary>(flowRetirePath(name), 'POST');
}
