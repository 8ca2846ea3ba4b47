/**
 * The leads, newest first: a search by email, phone or lead id, filters, how many leads match, one page at a time
 * (keyset paging with the server's next_cursor), each row opening its lead's page; and the CSV export of a date range.
 * The filters live in the page's address, so a filtered list can be reloaded, bookmarked and gone back to.
 */
import { useState } from 'react';
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
import { FilterField, FilterForm, type FilterSpec } from './FilterForm.tsx';
import { formatTime, formatUsd, recentRange } from './format.ts';
import { filtersFrom, leadsPath, type LeadFilters } from './leads-query.ts';
import { leadTitle } from './lead-title.ts';
import { MatchCount } from './MatchCount.tsx';
import { useRowOpens } from './row-opens.ts';
import { Empty, LoadingOrFailed } from './LoadingOrFailed.tsx';
import { Pager } from './Pager.tsx';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';
import { ScrollingTable } from './ScrollingTable.tsx';

const LEAD_FILTERS: readonly FilterSpec<keyof LeadFilters>[] = [
  { name: 'q', label: 'Search', type: 'search', placeholder: 'Email, phone or lead id', wide: true },
  { name: 'status', label: 'Status', choices: LEAD_STATUSES },
  { name: 'version', label: 'Version', placeholder: 'v2' },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
  { name: 'utm_source', label: 'utm_source' },
  { name: 'utm_campaign', label: 'utm_campaign' },
  { name: 'language', label: 'Language', placeholder: 'es' },
];

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

  return (
    <>
      <PageHeading title="Leads" productName={productName} />
      <FilterForm
        label="Leads"
        search
        fields={LEAD_FILTERS}
        values={filters}
        submit="Search"
        onApply={(values) => setQuery(filledIn(values))}
      />
      <MatchCount filters={filters} />
      <LoadingOrFailed loaded={loaded} loading="Loading leads…" />
      {loaded.state === 'loaded' && (
        <>
          <LeadsTable leads={loaded.data.leads} filtered={Object.values(filters).some((value) => value !== '')} />
          <Pager
            page={cursors.length}
            onNewer={
              cursors.length > 1 ? () => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) }) : undefined
            }
            onOlder={
              loaded.data.next_cursor !== null
                ? () => setPaging({ key: filterKey, cursors: [...cursors, loaded.data.next_cursor] })
                : undefined
            }
            olderLabel="Next page"
          />
        </>
      )}
      <CsvExport />
    </>
  );
}

function LeadsTable({ leads, filtered }: { leads: readonly LeadRow[]; filtered: boolean }) {
  const rowOpens = useRowOpens();
  if (leads.length === 0) return <Empty>{filtered ? 'No lead matches these filters.' : 'No leads yet.'}</Empty>;
  return (
    <ScrollingTable caption="Leads, newest first">
      <thead>
        <tr>
          <th scope="col">Lead</th>
          <th scope="col">Received</th>
          <th scope="col">Email</th>
          <th scope="col">Phone</th>
          <th scope="col">Version</th>
          <th scope="col">Language</th>
          <th scope="col">Status</th>
          <th scope="col" className="console-money">
            Sold for
          </th>
          <th scope="col">Attempts</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id} onClick={rowOpens(leadPath(lead.id))}>
            <td>
              <Link to={leadPath(lead.id)}>{leadTitle(lead)}</Link>
            </td>
            <td>{formatTime(lead.received_at)}</td>
            <td>{lead.email}</td>
            <td>{lead.phone}</td>
            <td>{lead.flow_version}</td>
            <td>{languageName(lead.language)}</td>
            <td>
              <LeadStatusText status={lead.status} heldReason={lead.held_reason} />
            </td>
            <td className="console-money">{formatUsd(lead.sold_price)}</td>
            <td>{lead.attempts}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language code as the console's readers know it: "es" is "Spanish"; a code it cannot name stays as it is. */
export function languageName(code: string): string {
  try {
    return LANGUAGE_NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}

const leadPath = (id: string) => `${CONSOLE_PAGE}/leads/${encodeURIComponent(id)}`;

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
        <FilterField label="From">
          <input
            type="date"
            value={range.from}
            required
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
        </FilterField>
        <FilterField label="To">
          <input
            type="date"
            value={range.to}
            required
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
        </FilterField>
        <a className="console-button" href={href} download>
          Download CSV
        </a>
      </div>
    </section>
  );
}
