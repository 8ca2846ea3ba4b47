/**
 * /admin/flows: every flow version (the files', read-only bases, and those published in the studio) with its state,
 * its share of '/' and its numbers from the funnel; the split test's weights; the drafts being edited. Every role
 * reads it; admins and marketers change the weights.
 */
import './flows.css';
import { Link } from 'react-router-dom';
import {
  FLOWS_PATH,
  type DraftSummary,
  type FlowVersionList,
  type FlowVersionSummary,
} from '../../contracts/flow-studio.ts';
import { mayUse } from '../access.ts';
import { formatTime } from '../format.ts';
import { Empty, LoadingOrFailed } from '../LoadingOrFailed.tsx';
import { PageHeading } from '../PageHeading.tsx';
import { ScrollingTable } from '../ScrollingTable.tsx';
import { useConsoleData } from '../use-console-data.ts';
import type { FlowsPageProps } from './flows-page-props.ts';
import { draftPage, versionPage } from './flows-paths.ts';
import { SplitTestForm } from './SplitTestForm.tsx';
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

function VersionsTable({ versions }: { versions: readonly FlowVersionSummary[] }) {
  return (
    <ScrollingTable caption="Versions">
      <thead>
        <tr>
          <th scope="col">Version</th>
          <th scope="col">Status</th>
          <th scope="col">Base</th>
          <th scope="col">Published</th>
          <th scope="col">Weight</th>
          <th scope="col">Visitors</th>
          <th scope="col">Leads</th>
          <th scope="col">Leads per visitor</th>
        </tr>
      </thead>
      <tbody>
        {versions.map((version) => (
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
