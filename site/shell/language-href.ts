/**
 * The address of the page the visitor is on, in another language: the same step, legal page or home, with the same
 * query. Each language sits under its prefix ("" for English, "/es" for Spanish): `/v2/amount?utm_source=x` is
 * `/es/v2/amount?utm_source=x` in Spanish, `/` is `/es`, and back.
 */
export function languageHref(location: { pathname: string; search: string }, from: string, to: string): string {
  const { pathname, search } = location;
  const own = from !== '' && (pathname === from || pathname.startsWith(`${from}/`));
  const rest = own ? pathname.slice(from.length) : pathname;
  // A language's home is its bare prefix (`/es`, not `/es/`); the source language's is `/`.
  const path = rest === '' || rest === '/' ? to || '/' : `${to}${rest}`;
  return `${path}${search}`;
}
