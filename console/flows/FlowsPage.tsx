/**
 * /admin/flows: every flow version (the files', read-only bases, and those published in the studio) with its state,
 * its share of '/' and its numbers from the funnel (leads and revenue per visitor, each a column the table can be
 * ordered by); the split test's weights with the version ahead by each measure; the drafts being edited. Every role
 * reads it; admins and marketers change the weights.
 */
import './flows.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  FLOWS_PATH,
  type DraftSummary,
  type FlowVersionList,
  type FlowVersionSummary,
} from '../../contracts/flow-studio.ts';
import { mayUse } from '../access.ts';
import { formatTime, formatUsd } from '../format.ts';
import { Empty, LoadingOrFailed } from '../LoadingOrFailed.tsx';
import { PageHeading } from '../PageHeading.tsx';
import { perVisitorText } from '../revenue-text.ts';
import { ScrollingTable } from '../ScrollingTable.tsx';
import { useConsoleData } from '../use-console-data.ts';
import type { FlowsPageProps } from './flows-page-props.ts';
import { draftPage, versionPage } from './flows-paths.ts';
import { SplitTestForm } from './SplitTestForm.tsx';
import { ordered, type VersionOrder } from './version-ranking.ts';
import { conversionText, publishedText, statusText } from './version-status.ts';

export function FlowsPage({ productName, user }: FlowsPageProps) {
  const [loaded, reload] = useConsoleData<FlowVersionList>(FLOWS_PATH);
  return (
    <>
      <PageHeading title="Flows" productName={productName} />
      <LoadingOrFailed loaded={loaded} loading="Loading the flows…" retry={reload}>
        {(list) => (
          <>
            <VersionsTable versions={list.versions} />
            <SplitTestForm versions={list.versions} mayChange={mayUse('flowChanges', user.role)} onSaved={reload} />
            <DraftsTable drafts={list.drafts} />
          </>
        )}
      </LoadingOrFailed>
    </>
  );
}

/** A column the table can be ordered by: its header is a button, and says when the table is ordered by it. */
function SortingHeader({
  by,
  order,
  onOrder,
  className,
  children,
}: {
  by: VersionOrder;
  order: VersionOrder;
  onOrder: (order: VersionOrder) => void;
  className?: string;
  children: string;
}) {
  const sorted = order === by;
  return (
    <th scope="col" className={className} aria-sort={sorted && by !== 'list' ? 'descending' : undefined}>
      <button
        type="button"
        className={by === 'list' ? 'flows-sort' : 'flows-sort flows-sort--best-first'}
        aria-pressed={sorted}
        onClick={() => onOrder(by)}
      >
        {children}
      </button>
    </th>
  );
}

function VersionsTable({ versions }: { versions: readonly FlowVersionSummary[] }) {
  const [order, setOrder] = useState<VersionOrder>('list');
  const sorting = { order, onOrder: setOrder };
  return (
    <ScrollingTable caption="Versions">
      <thead>
        <tr>
          <SortingHeader by="list" {...sorting}>
            Version
          </SortingHeader>
          <th scope="col">Status</th>
          <th scope="col">Base</th>
          <th scope="col">Published</th>
          <th scope="col">Weight</th>
          <th scope="col">Visitors</th>
          <th scope="col">Leads</th>
          <SortingHeader by="conversion" {...sorting}>
            Leads per visitor
          </SortingHeader>
          <th scope="col" className="console-money">
            Revenue
          </th>
          <SortingHeader by="revenue" className="console-money" {...sorting}>
            Revenue per visitor
          </SortingHeader>
        </tr>
      </thead>
      <tbody>
        {ordered(versions, order).map((version) => (
          <tr key={version.name}>
            <th scope="row">
              <Link to={versionPage(version.name)}>{version.name}</Link>
            </th>
            <td>
              <span className={`console-status flows-status--${version.status}`}>{statusText(version)}</span>
            </td>
            <td>{version.base ?? '—'}</td>
            <td>{publishedText(version)}</td>
            <td>{version.weight}</td>
            <td>{version.visitors}</td>
            <td>{version.leads}</td>
            <td>{conversionText(version.conversion)}</td>
            <td className="console-money">{formatUsd(version.revenue)}</td>
            <td className="console-money">
              {version.revenue_per_visitor === null ? '—' : perVisitorText(version.revenue_per_visitor)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

function DraftsTable({ drafts }: { drafts: readonly DraftSummary[] }) {
  if (drafts.length === 0) {
    return <Empty>No draft is being edited. Open a version and its steps to start one.</Empty>;
  }
  return (
    <ScrollingTable caption="Drafts being edited">
      <thead>
        <tr>
          <th scope="col">Draft</th>
          <th scope="col">Base</th>
          <th scope="col">Last changed by</th>
          <th scope="col">Last changed</th>
        </tr>
      </thead>
      <tbody>
        {drafts.map((draft) => (
          <tr key={draft.id}>
            <th scope="row">
              <Link to={draftPage(draft.id)}>Open draft of {draft.base}</Link>
            </th>
            <td>{draft.base}</td>
            <td>{draft.updated_by}</td>
            <td>{formatTime(draft.updated_at)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
