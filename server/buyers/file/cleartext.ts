/**
 * A lead carries a person's name, email, phone and business: it travels to a buyer over https only. Plain http is
 * taken for this machine alone (127.0.0.0/8, ::1, localhost), where nothing crosses a network: a buyer's stand-in in
 * development and tests, or a local proxy that speaks TLS onwards.
 */

/** Whether `url`'s host is this machine. The URL parser has already written 127.1 or 0x7f.1 as 127.0.0.1. */
function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** What to fix when an absolute http(s) URL would send leads in clear; undefined when it may carry them. */
export function cleartextProblem(raw: string): string | undefined {
  const url = URL.parse(raw);
  if (url === null || url.protocol !== 'http:' || isLoopback(url)) return undefined;
  return (
    "must be https://: over http:// a lead's personal data would cross the network in clear (http:// is taken " +
    'only for this machine: 127.0.0.0/8, ::1, localhost)'
  );
}
