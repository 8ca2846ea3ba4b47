/**
 * A table row that opens what its link opens when clicked anywhere, for a pointer; the link in the row stays the way
 * in for a keyboard and a screen reader, named by what it opens.
 */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

export function useRowOpens(): (path: string) => (event: MouseEvent<HTMLTableRowElement>) => void {
  const navigate = useNavigate();
  return (path) => (event) => {
    // The link itself, a click that ends a selection of the row's text and a modified click do what they would anyway.
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('a, button') || window.getSelection()?.toString() || event.ctrlKey || event.metaKey) return;
    void navigate(path);
  };
}
