/**
 * A console table that scrolls sideways inside its own box when the screen is narrower than it. The box can be
 * focused and is named by the table's caption, so someone on a keyboard can scroll it too, and a screen reader says
 * what it holds.
 */
import { useId, type ReactNode } from 'react';

export function ScrollingTable({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const captionId = useId();
  return (
    // Focusable: a keyboard can scroll only what it can focus.
    <div className="console-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="console-table">
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
