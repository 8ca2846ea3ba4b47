/** The audit log, for admins: who did what, when and from where, newest first, 100 a page with "Older" paging. */
import { useState } from 'react';
import { AUDIT_PATH, type AuditResponse, type ConsoleUser } from '../contracts/console.ts';
import { queryString } from './console-api.ts';
import { formatTime } from './format.ts';
import { LoadingOrFailed } from './LoadingOrFailed.tsx';
import { PageHeading } from './PageHeading.tsx';
import { Pager } from './Pager.tsx';
import { useConsoleData } from './use-console-data.ts';
import { ScrollingTable } from './ScrollingTable.tsx';

export interface AuditPageProps {
  productName: string;
  user: ConsoleUser;
}

export function AuditPage({ productName }: AuditPageProps) {
  // The cursors of the pages shown so far; "Newer" goes back one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const [loaded, reload] = useConsoleData<AuditResponse>(`${AUDIT_PATH}${queryString({ cursor })}`);

  return (
    <>
      <PageHeading title="Audit log" productName={productName} />
      <LoadingOrFailed
        loaded={loaded}
        loading="Loading the audit log…"
        empty={{ when: (log) => log.entries.length === 0, message: 'Nothing has been done in the console yet.' }}
        retry={reload}
      >
        {(log) => (
          <>
            <ScrollingTable caption="What was done in the console, newest first">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">IP address</th>
                </tr>
              </thead>
              <tbody>
                {log.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatTime(entry.at, true)}</td>
                    <td>{entry.actor ?? '—'}</td>
                    <td>{entry.action}</td>
                    <td>{entry.target ?? '—'}</td>
                    <td>{entry.ip}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
            <Pager
              page={cursors.length}
              onNewer={cursors.length > 1 ? () => setCursors(cursors.slice(0, -1)) : undefined}
              onOlder={log.next_cursor !== null ? () => setCursors([...cursors, log.next_cursor]) : undefined}
              olderLabel="Older"
            />
          </>
        )}
      </LoadingOrFailed>
    </>
  );
}
