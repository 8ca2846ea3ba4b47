/** What every step screen needs from the composition root: widgets, the record atoms and the product name. */
import { createContext, useContext, type ReactNode } from 'react';
import type { WidgetRegistry } from './registry.ts';
import type { RecordAtom } from '../state/atoms.ts';
import type { Action } from '../actions/action.ts';
import type { ApiClient } from '../api/client.ts';
import type { PageSettings } from '../widget-contract.ts';
import type { FlowEvents } from './flow-events.ts';
import type { FormRecord } from '../state/record.ts';
import type { Attribution } from '../../contracts/attribution.ts';

export interface EngineSettings {
  registry: WidgetRegistry;
  recordAtomFor: (storageKey: string) => RecordAtom;
  productName: string;
  /** The locale of the page's language, for numbers, amounts, dates and lists ("en-US", "es-US"). */
  locale: string;
  api: ApiClient;
  /** The actions flow steps may name. */
  actions: Readonly<Record<string, Action>>;
  page: PageSettings;
  /** Whether the page carries the consent-certificate script, whose certificate the submit then claims. */
  certificateEnabled: boolean;
  /** Answers the page adds on every submit, beyond the visitor's (e.g. the lead certificate's fields). */
  pageAnswers(): FormRecord;
  /** Where the visit came from, as the page was opened; none where there is no visit (the prerender). */
  arrival?: Attribution;
  /** Told of step views, steps left forward or back, refused submits and completed actions (step ids only). */
  events: FlowEvents;
}

const EngineSettingsContext = createContext<EngineSettings | null>(null);

export function EngineSettingsProvider({ settings, children }: { settings: EngineSettings; children: ReactNode }) {
  return <EngineSettingsContext.Provider value={settings}>{children}</EngineSettingsContext.Provider>;
}

export function useEngineSettings(): EngineSettings {
  const settings = useContext(EngineSettingsContext);
  if (!settings) throw new Error('Step screens must be rendered inside <EngineSettingsProvider>');
  return settings;
}
