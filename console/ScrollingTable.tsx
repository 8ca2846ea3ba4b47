/**
 * A console table in a box of its own that scrolls sideways when the screen is narrower than the table, under its
 * caption, which stays put and wraps: inside the scrolling part a phone would cut it off with the table. The scrolling
 * part can be focused and is named by the caption, so someone on a keyboard can scroll it too and a screen reader
 * says what it holds; the table keeps the caption as its name (hidden, since the one shown above says it).
 */
import { useId, type ReactNode } from 'react';

export function ScrollingTable({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className="console-table-wrap">
      {/* Hidden from screen readers, which hear the caption as the box's name and the table's. */}
      <p id={titleId} className="console-table-title" aria-hidden="true">
        {caption}
      </p>
      {/* Focusable: a keyboard can scroll only what it can focus. */}
      <div className="console-table-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="console-table">
          <caption className="visually-hidden">{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}
