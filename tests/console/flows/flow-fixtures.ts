/** What the flows API answers in the Flows pages' tests: files v1 and v2, two published versions, a draft. */
import type {
  DraftSummary,
  FlowVersionDetail,
  FlowVersionList,
  FlowVersionSummary,
} from '../../../contracts/flow-studio.ts';

const version = (fields: Partial<FlowVersionSummary> & Pick<FlowVersionSummary, 'name'>): FlowVersionSummary => ({
  kind: 'published',
  path: `/${fields.name}`,
  base: 'v1',
  status: 'live',
  weight: 0,
  languages: ['English'],
  published_by: 'mk@acme.example',
  published_at: '2026-12-01T10:00:00Z',
  retired_at: null,
  visitors: 0,
  leads: 0,
  conversion: null,
  revenue: '0.00',
  revenue_per_visitor: null,
  ...fields,
});

export const V1 = version({
  name: 'v1',
  kind: 'file',
  path: '/',
  base: null,
  status: 'split',
  weight: 70,
  published_by: null,
  published_at: null,
  visitors: 200,
  leads: 25,
  conversion: 0.125,
  revenue: '1250.00',
  revenue_per_visitor: { mean: 6.25, low: 4.1, high: 8.4 },
});
export const V2 = version({
  name: 'v2',
  kind: 'file',
  path: '/v2',
  published_by: null,
  published_at: null,
  visitors: 3,
  leads: 0,
  conversion: 0,
  revenue: '0.00',
  revenue_per_visitor: { mean: 0, low: null, high: null },
});
export const SPRING = version({
  name: 'spring-promo',
  status: 'split',
  weight: 30,
  visitors: 40,
  leads: 2,
  conversion: 0.05,
  revenue: '480.00',
  revenue_per_visitor: { mean: 12, low: null, high: null },
});
export const OLD = version({
  name: 'old-promo',
  base: 'v2',
  status: 'retired',
  retired_at: '2026-12-03T09:00:00Z',
});

export const DRAFT: DraftSummary = {
  id: '3f1c9a52-0000-4000-8000-00000000d1a4',
  base: 'v2',
  revision: 4,
  updated_by: 'mk@acme.example',
  updated_at: '2026-12-05T16:30:00Z',
};

export const LIST: FlowVersionList = { versions: [V1, V2, SPRING, OLD], drafts: [DRAFT] };

/**
 * A flow whose file order is not its flow order: `callback` (reached by no Next, and without a heading) and `thanks`
 * are written first, and `start` branches to `alternatives` before `amount`.
 */
export const SPRING_FLOW = {
  id: 'business-funding',
  version: 'spring-promo',
  start: 'start',
  steps: {
    callback: { route: 'callback', standalone: true },
    thanks: { route: 'thanks', heading: 'Thank you!' },
    alternatives: { route: 'alternatives', heading: 'You may also qualify for these options', next: 'thanks' },
    amount: { route: 'amount', heading: 'How much do you need?', next: 'thanks' },
    start: {
      route: '',
      heading: 'What type of business do you own?',
      next: [{ when: { type: 'startup' }, goto: 'alternatives' }, { goto: 'amount' }],
    },
  },
};

export const detailOf = (
  summary: FlowVersionSummary,
  flow: Record<string, unknown> = SPRING_FLOW,
): FlowVersionDetail => ({
  summary,
  flow,
  overlay: { extends: 'business-funding.json' },
});
