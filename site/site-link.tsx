/**
 * The links the site draws. One within the site keeps the query parameters of the address the visitor is on
 * (utm_source, gclid, header, section...), merged as the flows' own navigation merges them; one to another site
 * (an operator's own privacy policy) is a plain link.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { mergeQuery } from '../engine/flow/navigation.ts';
import { useTakenOver } from '../engine/render/hydrate-later.tsx';

export function QueryLink({
  to,
  className,
  label,
  children,
}: {
  to: string;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const { search } = useLocation();
  const takenOver = useTakenOver();
  return (
    <Link to={to + mergeQuery(takenOver ? search : '')} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

/** A configured address: a path of this site (a built-in page) keeps the query, any other is left as it is. */
export function SiteLink({ href, children }: { href: string; children: ReactNode }) {
  return href.startsWith('/') ? <QueryLink to={href}>{children}</QueryLink> : <a href={href}>{children}</a>;
}
