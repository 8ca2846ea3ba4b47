/**
 * The Lenders page: the buyers as routing sees them, each in the order leads are offered to it, what it takes (its
 * filters in words, its hours and time zone), how much of its caps today and this month have used (its own day and
 * month), its deliveries and returns of the last 30 days, whether its posts are failing now (since when, for how
 * many leads) and how many leads moved on from it because they failed; what its leads sold for (today, this month, the last 30
 * days, the returned ones apart, the average price); and the lenders the consent names that receive no leads. No lead
 * and no person on it.
 */
import {
  BUYERS_REPORT_PATH,
  type ConsoleUser,
  type BuyerReportEntry,
  type BuyersReportResponse,
} from '../contracts/console.ts';
import { Empty, LoadingOrFailed } from './LoadingOrFailed.tsx';
import { PageHeading } from './PageHeading.tsx';
import { useConsoleData } from './use-console-data.ts';
import { ScrollingTable } from './ScrollingTable.tsx';
import { formatTime, formatUsd } from './format.ts';

export interface LendersPageProps {
  productName: string;
  user: ConsoleUser;
}

export function LendersPage({ productName }: LendersPageProps) {
  const [loaded, reload] = useConsoleData<BuyersReportResponse>(BUYERS_REPORT_PATH);
  return (
    <>
      <PageHeading title="Lenders" productName={productName} />
      <LoadingOrFailed loaded={loaded} loading="Loading the lenders…" retry={reload}>
        {(report) => (
          <>
            <BuyersTable buyers={report.buyers} />
            {report.buyers.length > 0 && <SalesTable buyers={report.buyers} />}
            <WithoutBuyer lenders={report.without_buyer} />
          </>
        )}
      </LoadingOrFailed>
    </>
  );
}

/** "12 / 50" against a cap; "12 (no cap)" without one. */
export function capUse(used: number, cap: number | null): string {
  return cap === null ? `${used} (no cap)` : `${used} / ${cap}`;
}

/** "Failing since 27 Nov, 15:04:05 (3 leads)" for a buyer whose posts fail now; "No" otherwise. */
export function failingText(since: string | null, leads: number): string {
  if (since === null) return 'No';
  return `Failing since ${formatTime(since, true)} (${leads} ${leads === 1 ? 'lead' : 'leads'})`;
}

/** A return rate in percent; "—" when nothing was delivered to return. */
export function rateText(rate: number | null): string {
  return rate === null ? '—' : `${rate.toFixed(1)} %`;
}

function BuyersTable({ buyers }: { buyers: readonly BuyerReportEntry[] }) {
  if (buyers.length === 0) {
    return <Empty>No buyer is configured: leads are stored and wait until one is (BUYERS_FILE or BUYER_URL).</Empty>;
  }
  return (
    <ScrollingTable caption="Buyers, in the order leads are offered to them">
      <thead>
        <tr>
          <th scope="col">Priority</th>
          <th scope="col">Lender</th>
          <th scope="col">Id</th>
          <th scope="col">Takes</th>
          <th scope="col">Hours</th>
          <th scope="col">Time zone</th>
          <th scope="col">Today</th>
          <th scope="col">This month</th>
          <th scope="col">Delivered (30 days)</th>
          <th scope="col">Returned (30 days)</th>
          <th scope="col">Return rate</th>
          <th scope="col">Failing now</th>
          <th scope="col">Moved on (30 days)</th>
        </tr>
      </thead>
      <tbody>
        {buyers.map((buyer) => (
          <tr key={buyer.id}>
            <td>{buyer.priority}</td>
            <th scope="row">{buyer.name}</th>
            <td>{buyer.id}</td>
            <td>
              <ul className="console-plain-list">
                {buyer.filters.map((words) => (
                  <li key={words}>{words}</li>
                ))}
              </ul>
            </td>
            <td>{buyer.schedule}</td>
            <td>{buyer.time_zone}</td>
            <td>{capUse(buyer.used_today, buyer.per_day)}</td>
            <td>{capUse(buyer.used_this_month, buyer.per_month)}</td>
            <td>{buyer.delivered_30_days}</td>
            <td>{buyer.returned_30_days}</td>
            <td>{rateText(buyer.return_rate)}</td>
            <td>{failingText(buyer.failing_since, buyer.failing_leads)}</td>
            <td>{buyer.moved_on_30_days}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** Each buyer's money: kept leads' revenue by period, returned revenue apart, its price and its average. */
function SalesTable({ buyers }: { buyers: readonly BuyerReportEntry[] }) {
  const money = (amount: string | null) => <td className="console-money">{formatUsd(amount)}</td>;
  return (
    <ScrollingTable caption="What their leads sold for, in each one's own day and month (returned leads apart)">
      <thead>
        <tr>
          <th scope="col">Lender</th>
          {['Price', 'Today', 'This month', 'Last 30 days', 'Returned (30 days)', 'Average (30 days)'].map((title) => (
            <th key={title} scope="col" className="console-money">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {buyers.map((buyer) => (
          <tr key={buyer.id}>
            <th scope="row">{buyer.name}</th>
            {money(buyer.price)}
            {money(buyer.revenue_today)}
            {money(buyer.revenue_this_month)}
            {money(buyer.revenue_30_days)}
            {money(buyer.returned_revenue_30_days)}
            {money(buyer.average_price_30_days)}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

function WithoutBuyer({ lenders }: { lenders: BuyersReportResponse['without_buyer'] }) {
  if (lenders.length === 0) return null;
  return (
    <section aria-labelledby="without-buyer-heading">
      <h2 id="without-buyer-heading">Named in the consent, without a buyer</h2>
      <ul>
        {lenders.map((lender) => (
          <li key={lender.id}>
            {lender.name} ({lender.id}): receives no leads
          </li>
        ))}
      </ul>
    </section>
  );
}
