/**
 * /admin/flows/versions/<name>: one version: its state, base, address and numbers; its overlay to download, its
 * funnel, a new draft from it, retiring it; and its steps in flow order, each opening in the editor.
 */
import './flows.css';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  flowOverlayPath,
  flowVersionPath,
  type FlowVersionDetail,
  type FlowVersionSummary,
} from '../../contracts/flow-studio.ts';
import { mayUse } from '../access.ts';
import { createFlowDraft, failureMessage } from '../console-api.ts';
import { LoadingOrFailed } from '../LoadingOrFailed.tsx';
import { PageHeading } from '../PageHeading.tsx';
import { useConsoleData } from '../use-console-data.ts';
import type { FlowsPageProps } from './flows-page-props.ts';
import { draftPage, FLOWS_PAGE, funnelPage, versionStepPage } from './flows-paths.ts';
import { RetireButton } from './RetireButton.tsx';
import { StepList } from './StepList.tsx';
import { conversionText, finishableUntil, mayRetire, publishedText, statusText } from './version-status.ts';

type Outcome = { failed: boolean; message: string };

/**
 * The address of this version when the editor's publish has just opened its page: the router state it navigates
 * with, `{ published: { name, path } }` (console/flows/editor/PublishDialog.tsx). Read warily: state is whatever
 * the browser's history kept.
 */
function justPublished(state: unknown, name: string): string | null {
  if (typeof state !== 'object' || state === null || !('published' in state)) return null;
  const { published } = state;
  if (typeof published !== 'object' || published === null) return null;
  const fields = published as { name?: unknown; path?: unknown };
  return fields.name === name && typeof fields.path === 'string' ? fields.path : null;
}

export function VersionPage({ productName, user, name }: FlowsPageProps & { name: string }) {
  const [loaded, reload] = useConsoleData<FlowVersionDetail>(flowVersionPath(name));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const published = justPublished(useLocation().state, name);
  const mayChange = mayUse('flowChanges', user.role);
  const told = (next: Outcome) => {
    setOutcome(next);
    if (!next.failed) reload();
  };
  return (
    <>
      <p className="console-back">
        <Link to={FLOWS_PAGE}>Back to the flows</Link>
      </p>
      <PageHeading title={name} productName={productName} />
      <p role="status" className="console-outcome">
        {outcome?.failed === false ? (
          outcome.message
        ) : outcome === null && published !== null ? (
          <>
            {name} is published: it is live at{' '}
            <a href={published} target="_blank" rel="noopener noreferrer">
              {published} (opens in a new tab)
            </a>
            .
          </>
        ) : (
          ''
        )}
      </p>
      {outcome?.failed === true && (
        <p role="alert" className="console-error">
          {outcome.message}
        </p>
      )}
      <LoadingOrFailed
        loaded={loaded}
        loading={`Loading ${name}…`}
        failed={(status) => (status === 404 ? `There is no version named ${name}.` : undefined)}
        retry={reload}
      >
        {({ summary, flow }) => (
          <>
            <VersionFacts version={summary} />
            {summary.retired_at !== null && (
              <p className="console-note">
                Closed to new visitors: those who open {summary.path} go to /. Visitors part way through can finish it
                until {finishableUntil(summary.retired_at)}.
              </p>
            )}
            <div className="console-actions flows-actions">
              <a className="console-button" href={flowOverlayPath(name)} download>
                Download overlay
              </a>
              <Link className="console-button" to={funnelPage(name)}>
                See its funnel
              </Link>
              {mayChange && (
                <NewDraftButton base={name} onFailed={(message) => setOutcome({ failed: true, message })} />
              )}
              {mayChange && mayRetire(summary) && <RetireButton name={name} path={summary.path} onOutcome={told} />}
            </div>
            <section aria-labelledby="version-steps">
              <h2 id="version-steps">Steps</h2>
              <StepList flow={flow} stepPage={(stepId) => versionStepPage(name, stepId)} />
            </section>
          </>
        )}
      </LoadingOrFailed>
    </>
  );
}

function VersionFacts({ version }: { version: FlowVersionSummary }) {
  const facts: [string, ReactNode][] = [
    ['Status', statusText(version)],
    [
      'Address',
      // A new tab: the console's page stays where it was.
      <a href={version.path} target="_blank" rel="noopener noreferrer">
        {version.path} (opens in a new tab)
      </a>,
    ],
    ['Base', version.base ?? '—'],
    ['Languages', version.languages.join(', ')],
    ['Published', publishedText(version)],
    ['Weight in the split test', String(version.weight)],
    ['Visitors', String(version.visitors)],
    ['Leads', String(version.leads)],
    ['Leads per visitor', conversionText(version.conversion)],
  ];
  return (
    <dl className="console-facts">
      {facts.map(([term, value]) => (
        <div className="console-facts__row" key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Starts an empty draft of this version and opens it in the editor. */
function NewDraftButton({ base, onFailed }: { base: string; onFailed: (message: string) => void }) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const start = async () => {
    setSending(true);
    try {
      const draft = await createFlowDraft(base);
      void navigate(draftPage(draft.id));
    } catch (failure) {
      onFailed(failureMessage(failure));
      setSending(false);
    }
  };
  return (
    <button type="button" className="console-button" disabled={sending} onClick={() => void start()}>
      New draft from {base}
    </button>
  );
}
