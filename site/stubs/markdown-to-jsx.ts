/**
 * Stands in for markdown-to-jsx, which @rjsf/core imports for rich descriptions. Our templates never render
 * descriptions, so the library would be dead weight in every page load.
 */
import { createElement, type ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return createElement('span', null, children);
}
