/** The alert list's rules, apart from React so they can be tested directly. */

export type AlertType = 'info' | 'danger' | 'success' | 'warning';

export interface Alert {
  id: number;
  type: AlertType;
  text: string;
  /** The name of its close button, in the page's language. */
  closeLabel: string;
  /** Milliseconds the alert stays before it closes itself. */
  timeoutMs: number;
}

export const ALERT_TIMEOUT_MS = 5000;
export const MAX_ALERTS = 5;

/** The list with the new alert last; past the limit the oldest ones give way. */
export function withAlert(list: readonly Alert[], alert: Alert, max = MAX_ALERTS): Alert[] {
  return [...list, alert].slice(-max);
}

export function withoutAlert(list: readonly Alert[], id: number): Alert[] {
  return list.filter((alert) => alert.id !== id);
}
