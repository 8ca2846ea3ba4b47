/**
 * Counts of leads for a date range, by status, flow version and utm_source: numbers only, the marketer's home and
 * open to every role. The range lives in the page's address.
 */
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COUNTS_PATH, type ConsoleUser, type CountsResponse } from '../contracts/console.ts';
import { filledIn, queryString } from './console-api.ts';
import { fieldText, recentRange } from './format.ts';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';

export interface CountsPageProps {
  productName: string;
  user: ConsoleUser;
}

export function CountsPage({ productName }: CountsPageProps) {
  const [query, setQuery] = useSearchParams();
  const fallback = recentRange(30);
  const range = { from: query.get('from') ?? fallback.from, to: query.get('to') ?? fallback.to };
  const [loaded] = useConsoleData<CountsResponse>(`${COUNTS_PATH}${queryString(range)}`);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setQuery(filledIn({ from: fieldText(form, 'from'), to: fieldText(form, 'to') }));
  };

  return (
    <>
      <PageHeading title="Counts" productName={productName} />
      <form className="console-filters" aria-label="Date range" onSubmit={apply}>
        <label className="console-field">
          <span>From</span>
          <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label className="console-field">
          <span>To</span>
          <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <button type="submit" className="console-button console-button--primary">
          Show
        </button>
      </form>
      {loaded.state === 'loading' && <p role="status">Loading counts…</p>}
      {loaded.state === 'failed' && (
        <p role="alert" className="console-error">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'loaded' && (
        <>
          <p className="console-total">
            <strong>{loaded.data.total}</strong> {loaded.data.total === 1 ? 'lead' : 'leads'} from {range.from} to{' '}
            {range.to}
          </p>
          <div className="console-counts">
            <CountTable caption="By status" what="Status" counts={loaded.data.by_status} />
            <CountTable caption="By flow version" what="Version" counts={loaded.data.by_version} />
            <CountTable caption="By utm_source" what="utm_source" counts={loaded.data.by_utm_source} />
          </div>
        </>
      )}
    </>
  );
}

function CountTable({ caption, what, counts }: { caption: string; what: string; counts: Record<string, number> }) {
  const rows = Object.entries(counts).sort(([, a], [, b]) => b - a);
  return (
    <table className="console-table">
      <caption>{caption}</caption>
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
    </table>
  );
}
