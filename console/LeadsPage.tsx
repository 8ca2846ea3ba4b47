/**
 * The leads, newest first: a search by email, phone or lead id, filters, one page at a time (keyset paging with the
 * server's next_cursor), each lead linking to its page; and the CSV export of a date range. The filters live in the
 * page's address, so a filtered list can be reloaded, bookmarked and gone back to.
 */
import { useState, type FormEvent } from 'react';
import {
  CONSOLE_PAGE,
  LEAD_STATUSES,
  LEADS_CSV_PATH,
  type ConsoleUser,
  type LeadRow,
  type LeadsResponse,
} from '../contracts/console.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { filledIn, queryString } from './console-api.ts';
import { fieldText, formatTime, recentRange } from './format.ts';
import { filtersFrom, leadsPath } from './leads-query.ts';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';

export interface LeadsPageProps {
  productName: string;
  user: ConsoleUser;
}

export function LeadsPage({ productName }: LeadsPageProps) {
  const [query, setQuery] = useSearchParams();
  const filters = filtersFrom(query);
  const filterKey = query.toString();
  // The cursors of the pages before this one, and this page's: "Newer" goes back one. A new search starts over.
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({
    key: filterKey,
    cursors: [null],
  });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const cursor = cursors[cursors.length - 1] ?? null;
  const [loaded] = useConsoleData<LeadsResponse>(leadsPath(filters, cursor));

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const name of form.keys()) next[name] = fieldText(form, name);
    setQuery(filledIn(next));
  };

  return (
    <>
      <PageHeading title="Leads" productName={productName} />
      <form role="search" aria-label="Leads" className="console-filters" onSubmit={apply}>
        <label className="console-field console-field--wide">
          <span>Search</span>
          <input type="search" name="q" defaultValue={filters.q} placeholder="Email, phone or lead id" />
        </label>
        <label className="console-field">
          <span>Status</span>
          <select name="status" defaultValue={filters.status}>
            <option value="">Any</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>Version</span>
          <input name="version" defaultValue={filters.version} placeholder="v2" />
        </label>
        <label className="console-field">
          <span>From</span>
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label className="console-field">
          <span>To</span>
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <label className="console-field">
          <span>utm_source</span>
          <input name="utm_source" defaultValue={filters.utm_source} />
        </label>
        <label className="console-field">
          <span>utm_campaign</span>
          <input name="utm_campaign" defaultValue={filters.utm_campaign} />
        </label>
        <button type="submit" className="console-button console-button--primary">
          Search
        </button>
      </form>

      {loaded.state === 'loading' && <p role="status">Loading leads…</p>}
      {loaded.state === 'failed' && (
        <p role="alert" className="console-error">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'loaded' && (
        <>
          <LeadsTable leads={loaded.data.leads} filtered={Object.values(filters).some((value) => value !== '')} />
          <nav aria-label="Pages" className="console-pager">
            {cursors.length > 1 && (
              <button
                type="button"
                className="console-button"
                onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}
              >
                Newer
              </button>
            )}
            {loaded.data.next_cursor !== null && (
              <button
                type="button"
                className="console-button"
                onClick={() => setPaging({ key: filterKey, cursors: [...cursors, loaded.data.next_cursor] })}
              >
                Next page
              </button>
            )}
          </nav>
        </>
      )}
      <CsvExport />
    </>
  );
}

function LeadsTable({ leads, filtered }: { leads: readonly LeadRow[]; filtered: boolean }) {
  if (leads.length === 0) return <p role="status">{filtered ? 'No lead matches these filters.' : 'No leads yet.'}</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption>Leads, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Phone</th>
            <th scope="col">Version</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td>
                <Link to={`${CONSOLE_PAGE}/leads/${encodeURIComponent(lead.id)}`}>{formatTime(lead.received_at)}</Link>
              </td>
              <td>{lead.name}</td>
              <td>{lead.email}</td>
              <td>{lead.phone}</td>
              <td>{lead.flow_version}</td>
              <td>
                <LeadStatusText status={lead.status} heldReason={lead.held_reason} />
              </td>
              <td>{lead.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LeadStatusText({ status, heldReason }: { status: string; heldReason: string | null }) {
  return (
    <span className={`console-status console-status--${status}`}>
      {status}
      {status === 'held' && heldReason !== null ? ` (${heldReason})` : ''}
    </span>
  );
}

/** The export of a date range as CSV: a plain link, so the browser downloads the server's stream as it comes. */
function CsvExport() {
  const [range, setRange] = useState(() => recentRange(30));
  const href = `${LEADS_CSV_PATH}${queryString(range)}`;
  return (
    <section className="console-export" aria-labelledby="export-heading">
      <h2 id="export-heading">Export to CSV</h2>
      <div className="console-filters">
        <label className="console-field">
          <span>From</span>
          <input
            type="date"
            value={range.from}
            required
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
        </label>
        <label className="console-field">
          <span>To</span>
          <input
            type="date"
            value={range.to}
            required
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
        </label>
        <a className="console-button" href={href} download>
          Download CSV
        </a>
      </div>
    </section>
  );
}
