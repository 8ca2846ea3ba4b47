/**
 * The controls of a list read a page at a time, newest first (keyset paging: the server gives the next page's cursor,
 * the page keeps those it came by): back to newer entries, on to older ones, and which page this is. Shown only when
 * there is somewhere to go.
 */
export interface PagerProps {
  /** This page's number, from 1. */
  page: number;
  /** Goes back a page; none on the first. */
  onNewer?: () => void;
  /** Goes on a page; none on the last. */
  onOlder?: () => void;
  /** The button's words for going on ("Older", "Next page"). */
  olderLabel: string;
}

export function Pager({ page, onNewer, onOlder, olderLabel }: PagerProps) {
  if (onNewer === undefined && onOlder === undefined) return null;
  return (
    <nav aria-label="Pages" className="console-pager">
      {onNewer !== undefined && (
        <button type="button" className="console-button console-pager__newer" onClick={onNewer}>
          <span aria-hidden="true">←</span> Newer
        </button>
      )}
      <span className="console-pager__page">Page {page}</span>
      {onOlder !== undefined && (
        <button type="button" className="console-button console-pager__older" onClick={onOlder}>
          {olderLabel} <span aria-hidden="true">→</span>
        </button>
      )}
    </nav>
  );
}
