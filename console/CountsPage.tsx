/**
 * Counts of leads for a date range, by status, flow version and utm_source: numbers only, the marketer's home and
 * open to every role. The range lives in the page's address.
 */
import { useSearchParams } from 'react-router-dom';
import { COUNTS_PATH, type ConsoleUser, type CountsResponse } from '../contracts/console.ts';
import { filledIn, queryString } from './console-api.ts';
import { FilterForm, type FilterSpec } from './FilterForm.tsx';
import { recentRange } from './format.ts';
import { LoadingOrFailed } from './LoadingOrFailed.tsx';
import { PageHeading } from './PageHeading.tsx';
import { ScrollingTable } from './ScrollingTable.tsx';
import { useConsoleData } from './use-console-data.ts';

const RANGE_FILTERS: readonly FilterSpec<'from' | 'to'>[] = [
  { name: 'from', label: 'From', type: 'date', required: true },
  { name: 'to', label: 'To', type: 'date', required: true },
];

export interface CountsPageProps {
  productName: string;
  user: ConsoleUser;
}

export function CountsPage({ productName }: CountsPageProps) {
  const [query, setQuery] = useSearchParams();
  const fallback = recentRange(30);
  const range = { from: query.get('from') ?? fallback.from, to: query.get('to') ?? fallback.to };
  const [loaded] = useConsoleData<CountsResponse>(`${COUNTS_PATH}${queryString(range)}`);

  return (
    <>
      <PageHeading title="Counts" productName={productName} />
      <FilterForm
        label="Date range"
        fields={RANGE_FILTERS}
        values={range}
        submit="Show"
        onApply={(values) => setQuery(filledIn(values))}
      />
      <LoadingOrFailed
        loaded={loaded}
        loading="Loading counts…"
        empty={{ when: (counts) => counts.total === 0, message: `No leads from ${range.from} to ${range.to}.` }}
      >
        {(counts) => (
          <>
            <p className="console-total">
              <strong>{counts.total}</strong> {counts.total === 1 ? 'lead' : 'leads'} from {range.from} to {range.to}
            </p>
            <div className="console-counts">
              <CountTable caption="By status" what="Status" counts={counts.by_status} />
              <CountTable caption="By flow version" what="Version" counts={counts.by_version} />
              <CountTable caption="By utm_source" what="utm_source" counts={counts.by_utm_source} />
            </div>
          </>
        )}
      </LoadingOrFailed>
    </>
  );
}

function CountTable({ caption, what, counts }: { caption: string; what: string; counts: Record<string, number> }) {
  const rows = Object.entries(counts).sort(([, a], [, b]) => b - a);
  return (
    <ScrollingTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{what}</th>
          <th scope="col">Leads</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2}>None</td>
          </tr>
        ) : (
          rows.map(([key, count]) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td>{count}</td>
            </tr>
          ))
        )}
      </tbody>
    </ScrollingTable>
  );
}
