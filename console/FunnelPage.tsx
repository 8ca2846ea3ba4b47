/**
 * The funnel of the flow versions (docs/decisions/025-funnel-reporting.md): the versions side by side (visitors,
 * leads, conversion, revenue and revenue per visitor, each rate with its 95 % interval: decision 141), one version's
 * campaigns with the same numbers, and its steps as a chart and a table (views, moved on, exits, drop-off, median
 * time), with its CSV. Counts and step ids only: every role's. The filters and the version shown live
 * in the page's address, so a view can be shared.
 */
import { Link, useSearchParams } from 'react-router-dom';
import type { ConsoleUser } from '../contracts/console.ts';
import { DEVICE_CLASSES, type FunnelCampaign, type FunnelResponse, type FunnelStep } from '../contracts/funnel.ts';
import { filledIn } from './console-api.ts';
import { FilterForm, type FilterSpec } from './FilterForm.tsx';
import { formatPercent, formatSeconds, formatUsd, recentRange } from './format.ts';
import {
  comparedVersions,
  funnelCsvPath,
  funnelFiltersFrom,
  funnelPath,
  shownVersion,
  type FunnelFilters,
} from './funnel-query.ts';
import { FunnelChart } from './FunnelChart.tsx';
import { LoadingOrFailed } from './LoadingOrFailed.tsx';
import { PageHeading } from './PageHeading.tsx';
import { perVisitorIntervalText, perVisitorText } from './revenue-text.ts';
import { useConsoleDataOf } from './use-console-data.ts';
import { ScrollingTable } from './ScrollingTable.tsx';

const FUNNEL_FILTERS: readonly FilterSpec<keyof FunnelFilters>[] = [
  { name: 'from', label: 'From', type: 'date', required: true },
  { name: 'to', label: 'To', type: 'date', required: true },
  { name: 'utm_source', label: 'utm_source' },
  { name: 'utm_campaign', label: 'utm_campaign' },
  { name: 'device', label: 'Device', choices: DEVICE_CLASSES },
  { name: 'language', label: 'Language', placeholder: 'es' },
];

export interface FunnelPageProps {
  productName: string;
  user: ConsoleUser;
}

export function FunnelPage({ productName }: FunnelPageProps) {
  const [query, setQuery] = useSearchParams();
  const filters = funnelFiltersFrom(query, recentRange(30));
  const version = shownVersion(query);
  const [loaded, reload] = useConsoleDataOf<FunnelResponse>(
    comparedVersions(version).map((each) => funnelPath(each, filters)),
  );

  const apply = (values: Record<string, string>) => setQuery(filledIn({ version, ...values }));

  return (
    <>
      <PageHeading title="Funnel" productName={productName} />
      <FilterForm label="Funnel filters" fields={FUNNEL_FILTERS} values={filters} submit="Show" onApply={apply} />
      <LoadingOrFailed
        loaded={loaded}
        loading="Loading the funnel…"
        empty={{
          when: (funnels) => funnels.every((funnel) => funnel.visitors === 0),
          message: `No visits from ${filters.from} to ${filters.to} with these filters.`,
        }}
        retry={reload}
      >
        {(funnels) => {
          const shown = funnels.find((funnel) => funnel.version === version);
          return (
            <>
              <VersionsTable funnels={funnels} shown={version} query={query} />
              {shown !== undefined && <VersionFigures funnel={shown} />}
              {shown !== undefined && <VersionSteps funnel={shown} filters={filters} />}
            </>
          );
        }}
      </LoadingOrFailed>
    </>
  );
}

function VersionsTable({
  funnels,
  shown,
  query,
}: {
  funnels: readonly FunnelResponse[];
  shown: string;
  query: URLSearchParams;
}) {
  const showing = (version: string) => {
    const next = new URLSearchParams(query);
    next.set('version', version);
    return `?${next.toString()}`;
  };
  return (
    <ScrollingTable caption="Versions side by side">
      <thead>
        <FiguresHeader first="Version" />
      </thead>
      <tbody>
        {funnels.map((funnel) => (
          <tr key={funnel.version}>
            <th scope="row">
              <Link to={showing(funnel.version)} aria-current={funnel.version === shown ? 'true' : undefined}>
                {funnel.version}
              </Link>
            </th>
            <FiguresCells figures={funnel} />
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** What a version and a campaign are measured by, side by side. */
type Figures = Pick<FunnelResponse, 'visitors' | 'leads' | 'conversion' | 'revenue' | 'revenue_per_visitor'>;

/** The two intervals' headers read alike; a screen reader hears which rate each is of. */
function FiguresHeader({ first }: { first: string }) {
  return (
    <tr>
      <th scope="col">{first}</th>
      <th scope="col">Visitors</th>
      <th scope="col">Leads</th>
      <th scope="col">Leads per visitor</th>
      <th scope="col">
        95 % interval<span className="visually-hidden"> of leads per visitor</span>
      </th>
      <th scope="col" className="console-money">
        Revenue
      </th>
      <th scope="col" className="console-money">
        Revenue per visitor
      </th>
      <th scope="col" className="console-money">
        95 % interval<span className="visually-hidden"> of revenue per visitor</span>
      </th>
    </tr>
  );
}

function FiguresCells({ figures }: { figures: Figures }) {
  return (
    <>
      <td>{figures.visitors}</td>
      <td>{figures.leads}</td>
      <td>{formatPercent(figures.conversion.rate)}</td>
      <td>
        {formatPercent(figures.conversion.low)} to {formatPercent(figures.conversion.high)}
      </td>
      <td className="console-money">{formatUsd(figures.revenue)}</td>
      <td className="console-money">{perVisitorText(figures.revenue_per_visitor)}</td>
      <td className="console-money">{perVisitorIntervalText(figures.revenue_per_visitor)}</td>
    </>
  );
}

/** Visits that came without a utm_campaign. */
const campaignName = (campaign: FunnelCampaign) =>
  campaign.utm_campaign === '' ? 'No campaign' : campaign.utm_campaign;

/**
 * The shown version's figures as a list, which a phone reads without scrolling sideways to the tables' money, then
 * its campaigns.
 */
function VersionFigures({ funnel }: { funnel: FunnelResponse }) {
  const headingId = `figures-${funnel.version}`;
  const epv = funnel.revenue_per_visitor;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{funnel.version}, visitors and revenue</h2>
      <dl className="console-facts">
        <div className="console-facts__row">
          <dt>Visitors</dt>
          <dd>{funnel.visitors}</dd>
        </div>
        <div className="console-facts__row">
          <dt>Leads per visitor</dt>
          <dd>
            {formatPercent(funnel.conversion.rate)}{' '}
            <span className="console-muted">
              (95 % interval: {formatPercent(funnel.conversion.low)} to {formatPercent(funnel.conversion.high)})
            </span>
          </dd>
        </div>
        <div className="console-facts__row">
          <dt>Revenue</dt>
          <dd>{formatUsd(funnel.revenue)}</dd>
        </div>
        <div className="console-facts__row">
          <dt>Revenue per visitor</dt>
          <dd>
            {perVisitorText(epv)} <span className="console-muted">(95 % interval: {perVisitorIntervalText(epv)})</span>
          </dd>
        </div>
      </dl>
      <CampaignsTable funnel={funnel} />
    </section>
  );
}

function CampaignsTable({ funnel }: { funnel: FunnelResponse }) {
  if (funnel.campaigns.length === 0) return null;
  return (
    <ScrollingTable caption={<>Campaigns of {funnel.version}</>}>
      <thead>
        <FiguresHeader first="Campaign" />
      </thead>
      <tbody>
        {funnel.campaigns.map((campaign) => (
          <tr key={campaign.utm_campaign}>
            <th scope="row">{campaignName(campaign)}</th>
            <FiguresCells figures={campaign} />
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

function VersionSteps({ funnel, filters }: { funnel: FunnelResponse; filters: FunnelFilters }) {
  const headingId = `steps-${funnel.version}`;
  return (
    <section className="console-funnel" aria-labelledby={headingId}>
      <h2 id={headingId}>{funnel.version}, step by step</h2>
      <div className="console-funnel__views">
        <FunnelChart version={funnel.version} steps={funnel.steps} />
        <StepsTable version={funnel.version} steps={funnel.steps} />
      </div>
      <a className="console-button" href={funnelCsvPath(funnel.version, filters)} download>
        Download CSV
      </a>
    </section>
  );
}

function StepsTable({ version, steps }: { version: string; steps: readonly FunnelStep[] }) {
  return (
    <ScrollingTable caption={<>Steps of {version}</>}>
      <thead>
        <tr>
          <th scope="col">Step</th>
          <th scope="col">Views</th>
          <th scope="col">Moved on</th>
          <th scope="col">Exits</th>
          <th scope="col">Drop-off</th>
          <th scope="col">Median time</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step) => (
          <tr key={step.step}>
            <th scope="row">{step.step}</th>
            <td>{step.views}</td>
            <td>{step.advanced}</td>
            <td>{step.exits}</td>
            <td>{formatPercent(step.drop_off)}</td>
            <td>{formatSeconds(step.median_seconds)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
