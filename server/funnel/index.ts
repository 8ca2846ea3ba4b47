/**
 * The funnel: step events in from the visitor's page (a beacon's batches, stored in groups, bots marked), and the
 * funnel of a version out (views, exits, time per step, conversion and revenue per visitor with their intervals, per
 * campaign too), as JSON or CSV.
 */
import type { FastifyPluginAsync } from 'fastify';
import { registerEventRoutes } from './event-routes.ts';
import type { EventStore } from './event-store.ts';
import type { FlowSteps } from './flow-steps.ts';

export { createEventStore, type EventStore } from './event-store.ts';
export { readFlowSteps, withPublishedSteps, type FlowSteps } from './flow-steps.ts';
export { funnelCsv, funnelCsvFileName } from './funnel-csv.ts';
export { checkFunnelQuery } from './funnel-filters.ts';
export { funnel as funnelReport } from './funnel-query.ts';
export { catchUpRevenue } from './revenue-changes.ts';
export { leadsOfVisitsStored, rebuildRollups, rollupsMissing } from './visit-rollups.ts';

export interface FunnelOptions {
  /** Each version's steps, the files' and the published ones (withPublishedSteps): events naming anything else are refused. */
  flowSteps: FlowSteps;
  /** Where accepted events are written, shared with the funnel's readers so they count every batch accepted. */
  events: EventStore;
}

export const funnel: FastifyPluginAsync<FunnelOptions> = async (app, { flowSteps, events }) => {
  await registerEventRoutes(app, flowSteps, events);
};
