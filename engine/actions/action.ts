/** What a named action is: an effect a flow step runs when it is submitted, before the visitor moves on. */
import type { ApiClient } from '../api/client.ts';
import type { Flow } from '../flow/definition.ts';
import type { FormRecord } from '../state/record.ts';
import type { KeywordError } from '../validation/messages.ts';

export interface ActionInput {
  flow: Flow;
  stepId: string;
  /** Every answer so far, the submitted step's included. */
  answers: Readonly<FormRecord>;
  api: ApiClient;
  /** Whether the page carries the consent-certificate script (and so has a certificate to claim). */
  certificateEnabled: boolean;
  /** The page address, sent with the lead as where the consent was given. */
  pageUrl: string;
  now(): Date;
  /** Technical trouble worth knowing about that the visitor need not see (never personal data). */
  log(message: string, error?: unknown): void;
}

/**
 * Moving on with answers to save, or staying on the step: with errors to show on the step's fields (their texts come
 * from the flow like any other error), and/or the key of a flow message to show as an alert.
 */
export type ActionResult =
  { ok: true; answers: FormRecord } | { ok: false; fieldErrors?: KeywordError[]; alert?: string };

export type Action = (input: ActionInput) => Promise<ActionResult>;

/** The flow message shown as an alert when an action cannot do its work (the lead cannot be sent, say). */
export const SUBMIT_FAILED = 'submitFailed';

/**
 * An action whose module is fetched the first time it runs, once. A failed fetch (the visitor went offline) keeps
 * the visitor on the step with the flow's submit-failed message, and is tried again on the next submit.
 */
export function loadedOnFirstUse(load: () => Promise<Action>): Action {
  let loading: Promise<Action> | undefined;
  return async (input) => {
    let action: Action;
    try {
      action = await (loading ??= load());
    } catch (error) {
      loading = undefined;
      input.log('action could not be loaded', error);
      return { ok: false, alert: SUBMIT_FAILED };
    }
    return action(input);
  };
}
