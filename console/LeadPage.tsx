/**
 * One lead, titled by its person and business: where its delivery ended and why, its answers in its flow version's
 * words, step by step (docs/decisions/067-how-a-lead-reads.md), where it came from (the attribution it was sent with), its
 * consent evidence exactly as stored, what it sold for, its path through the buyers and every delivery attempt, its
 * returns and revocations; with the actions an operator takes on it (redeliver a dead-lettered or unsold lead, hold one not yet delivered,
 * release one an operator held, record that its visitor revoked consent), each confirmed first. After an action the
 * page shows what it did and loads the lead again.
 */
import { useState } from 'react';
import {
  CONSOLE_PAGE,
  LEADS_PATH,
  type ConsoleUser,
  type LeadAction,
  type LeadActionResponse,
  type LeadPageResponse,
} from '../contracts/console.ts';
import { consoleCall, failureMessage } from './console-api.ts';
import { Link } from 'react-router-dom';
import { ConfirmButton } from './ConfirmButton.tsx';
import { storedAttribution } from '../engine/state/attribution.ts';
import { ATTRIBUTION_URLS, CLICK_PARAMETERS } from '../contracts/attribution.ts';
import { formatTime } from './format.ts';
import { buyerLabel, outcomeLine, soldFor } from './lead-outcome.ts';
import { languageName, LeadStatusText } from './LeadsPage.tsx';
import { Bids, Returns, Revocations, RoutePath } from './LeadRouting.tsx';
import { leadTitle } from './lead-title.ts';
import { LoadingOrFailed } from './LoadingOrFailed.tsx';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';
import { ScrollingTable } from './ScrollingTable.tsx';

type Lead = LeadPageResponse['lead'];
type Attempt = Lead['attempts'][number];
type Consent = NonNullable<Lead['consent']>;
/** The lead actions of the contract, and recording a consent revocation, answered the same way. */
type Action = LeadAction | 'consent-revocation';

export interface LeadPageProps {
  productName: string;
  user: ConsoleUser;
  id: string;
}

export function LeadPage({ productName, id }: LeadPageProps) {
  const [loaded, reload] = useConsoleData<LeadPageResponse>(`${LEADS_PATH}/${encodeURIComponent(id)}`);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);

  const act = async (action: Action) => {
    setOutcome(null);
    try {
      const answer = await consoleCall<LeadActionResponse>(
        `${LEADS_PATH}/${encodeURIComponent(id)}/${action}`,
        'POST',
        {},
      );
      setOutcome({ text: `${ACTION_NAMES[action]}: ${answer.result}. Status now ${answer.status}.`, failed: false });
    } catch (error) {
      setOutcome({ text: `${ACTION_NAMES[action]} failed: ${failureMessage(error)}`, failed: true });
    }
    reload();
  };

  return (
    <>
      <p className="console-back">
        <Link to={CONSOLE_PAGE}>Back to the leads</Link>
      </p>
      <PageHeading title={loaded.state === 'loaded' ? titleOf(loaded.data.lead) : 'Lead'} productName={productName} />
      <p role="status" className={outcome?.failed ? 'console-error' : 'console-outcome'}>
        {outcome?.text}
      </p>
      <LoadingOrFailed
        loaded={loaded}
        loading="Loading the lead…"
        failed={(status) => (status === 404 ? 'There is no lead with this id.' : undefined)}
        retry={reload}
      />
      {loaded.state === 'loaded' && <LeadDetails lead={loaded.data.lead} onAction={(action) => void act(action)} />}
    </>
  );
}

const ACTION_NAMES: Record<Action, string> = {
  redeliver: 'Redeliver',
  hold: 'Hold',
  release: 'Release',
  'consent-revocation': 'Record consent revocation',
};

const titleOf = (lead: Lead) => leadTitle({ ...lead, purged: lead.purged_at !== null });

/** Recorded once: the lead is held for it, or its buyers were already told. */
const consentRevoked = (lead: Lead) =>
  lead.held_reason === 'consent-revoked' || lead.revocations.some((event) => event.cause === 'consent-revoked');

function LeadDetails({ lead, onAction }: { lead: Lead; onAction: (action: Action) => void }) {
  return (
    <>
      <dl className="console-facts">
        <dt>Outcome</dt>
        <dd>{outcomeLine(lead)}</dd>
        <dt>Status</dt>
        <dd>
          <LeadStatusText status={lead.status} heldReason={lead.held_reason} />
        </dd>
        <dt>Received</dt>
        <dd>{formatTime(lead.received_at, true)}</dd>
        <dt>Lead id</dt>
        <dd>{lead.id}</dd>
        <dt>Flow</dt>
        <dd>
          {lead.flow} {lead.flow_version}
        </dd>
        <dt>Delivered</dt>
        <dd>{formatTime(lead.delivered_at, true)}</dd>
        {lead.delivered_to !== null && (
          <>
            <dt>Sold for</dt>
            <dd>{soldFor(lead)}</dd>
          </>
        )}
      </dl>
      <div className="console-actions">
        {(lead.status === 'dead-lettered' || lead.status === 'unsold') && (
          <ConfirmButton label="Redeliver" question="Redeliver this lead?" onConfirm={() => onAction('redeliver')}>
            It is offered to the buyers once more, in priority order, those that refused it too; a buyer gets it once.
          </ConfirmButton>
        )}
        {lead.status !== 'delivered' && lead.status !== 'held' && (
          <ConfirmButton label="Hold" question="Hold this lead?" onConfirm={() => onAction('hold')}>
            It will not be delivered to any lender until it is released.
          </ConfirmButton>
        )}
        {lead.status === 'held' && lead.held_reason === 'operator' && (
          <ConfirmButton label="Release" question="Release this lead?" onConfirm={() => onAction('release')}>
            It goes to the lenders again as if it had just arrived.
          </ConfirmButton>
        )}
        {!consentRevoked(lead) && (
          <ConfirmButton
            label="Record consent revocation"
            question="Record that the visitor revoked consent?"
            confirm="Record revocation"
            onConfirm={() => onAction('consent-revocation')}
          >
            A lead not yet delivered is held and never sent; every buyer that received it is told it was revoked.
          </ConfirmButton>
        )}
      </div>

      <section aria-labelledby="answers-heading">
        <h2 id="answers-heading">Answers</h2>
        <Answers lead={lead} />
      </section>

      <section aria-labelledby="attribution-heading">
        <h2 id="attribution-heading">Attribution</h2>
        <Attribution answers={lead.answers} />
      </section>

      <section aria-labelledby="consent-heading">
        <h2 id="consent-heading">Consent</h2>
        {lead.consent === null ? (
          <p>No consent evidence was stored with this lead.</p>
        ) : (
          <ConsentEvidence consent={lead.consent} />
        )}
        <dl className="console-facts">
          <dt>Language</dt>
          <dd>
            {languageName(lead.language)}{' '}
            <span className="console-muted">({lead.language}: the consent text is the one shown in it)</span>
          </dd>
          <dt>Opt-out preference signal</dt>
          <dd>{lead.gpc ? 'Sent (Global Privacy Control): buyers receive gpc: true' : 'Not sent'}</dd>
        </dl>
      </section>

      <section aria-labelledby="path-heading">
        <h2 id="path-heading">Path through the buyers</h2>
        <RoutePath path={lead.path} />
        <Bids pings={lead.pings} />
      </section>

      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        <DeliveryTimeline attempts={lead.attempts} />
      </section>

      <section aria-labelledby="returns-heading">
        <h2 id="returns-heading">Returns and revocations</h2>
        <Returns returns={lead.returns} />
        <Revocations revocations={lead.revocations} />
      </section>
    </>
  );
}

/**
 * Each step's answers under its heading, as the lead's flow version asked them; the stored code of an option is in
 * the answer's data value, shown on hover.
 */
function Answers({ lead }: { lead: Lead }) {
  if (lead.purged_at !== null) {
    return <p>Its personal data and answers were erased by retention on {formatTime(lead.purged_at)}.</p>;
  }
  if (lead.answer_groups.length === 0) return <p>The lead has no answers.</p>;
  // Two steps may share a heading: the groups are keyed by their place.
  return lead.answer_groups.map((group, place) => (
    <div key={place} role="group" aria-label={group.title}>
      <h3>{group.title}</h3>
      <dl className="console-facts">
        {group.answers.map((answer) => (
          <div key={answer.field} className="console-facts__row">
            <dt>{answer.label}</dt>
            <dd>
              {answer.code === null ? (
                answer.text
              ) : (
                <data value={answer.code} title={answer.code}>
                  {answer.text}
                </data>
              )}
              {answer.unlisted && <span className="console-muted"> (not an option of {lead.flow_version})</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  ));
}

/** The campaign parameters, click ids, landing page and referrer the lead was sent with, in a fixed order. */
function Attribution({ answers }: { answers: Lead['answers'] }) {
  const attribution = storedAttribution(answers) ?? {};
  const known = [...CLICK_PARAMETERS, ...ATTRIBUTION_URLS].flatMap((name) => {
    const value = attribution[name];
    return typeof value === 'string' ? [[name, value] as const] : [];
  });
  if (known.length === 0) return <p>The lead came without attribution.</p>;
  return (
    <dl className="console-facts">
      {known.map(([name, value]) => (
        <div key={name} className="console-facts__row">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConsentEvidence({ consent }: { consent: Consent }) {
  return (
    <>
      {/* Exactly as stored: the words the visitor was shown, not re-rendered from today's content. */}
      <blockquote className="console-consent">{consent.text}</blockquote>
      <dl className="console-facts">
        <dt>Consented</dt>
        <dd>{formatTime(consent.consented_at, true)}</dd>
        <dt>Text version</dt>
        <dd>
          {consent.version} <span className="console-muted">(sha256 {consent.sha256})</span>
        </dd>
        <dt>IP address</dt>
        <dd>{consent.ip}</dd>
        <dt>User agent</dt>
        <dd>{consent.user_agent ?? '—'}</dd>
        <dt>Page</dt>
        <dd>{consent.page_url ?? '—'}</dd>
        <dt>Certificate</dt>
        <dd>
          {consent.certificate_url === null ? (
            '—'
          ) : (
            <a href={consent.certificate_url} target="_blank" rel="noreferrer noopener">
              Consent certificate
            </a>
          )}
        </dd>
      </dl>
    </>
  );
}

function DeliveryTimeline({ attempts }: { attempts: readonly Attempt[] }) {
  if (attempts.length === 0) return <p>No delivery attempt yet.</p>;
  return (
    <ScrollingTable caption="Delivery attempts, oldest first">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Buyer</th>
          <th scope="col">HTTP status</th>
          <th scope="col">Outcome</th>
          <th scope="col">Lender's answer</th>
          <th scope="col">Duration</th>
        </tr>
      </thead>
      <tbody>
        {attempts.map((attempt) => (
          <tr key={attempt.attempt}>
            <td>{formatTime(attempt.attempted_at, true)}</td>
            <td>{attempt.buyer_id === null ? '—' : buyerLabel(attempt.buyer_id, attempt.buyer_name)}</td>
            <td>{attempt.http_status ?? 'none'}</td>
            <td>{attempt.outcome}</td>
            <td>{attempt.error ?? '—'}</td>
            <td>{attempt.duration_ms === null ? '—' : `${attempt.duration_ms} ms`}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
