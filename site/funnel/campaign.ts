/** The campaign the funnel reports for a step: the attribution its flow's record keeps, or else the page's arrival. */
import type { StepRef } from '../../engine/render/flow-events.ts';
import { storedAttribution } from '../../engine/state/attribution.ts';
import type { Attribution } from '../../contracts/attribution.ts';
import type { RecordStore } from '../../engine/state/record.ts';

type FlowKeys = { flow: { id: string; version: string; storageKey: string } };

export function campaignFrom(store: Pick<RecordStore, 'read'>, flows: readonly FlowKeys[], arrival: Attribution) {
  return ({ flow: id, version }: StepRef): Attribution => {
    const compiled = flows.find(({ flow }) => flow.id === id && flow.version === version);
    return (compiled && storedAttribution(store.read(compiled.flow.storageKey))) ?? arrival;
  };
}
