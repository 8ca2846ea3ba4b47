/** Adds a third party's script without blocking the page; a script that cannot load is logged, never shown. */
export interface ScriptPage {
  document: Document;
  log(message: string): void;
}

/**
 * The nonce the server put on the page's script elements. Browsers hide it from the attribute and show it only
 * through the `nonce` property.
 */
export function pageNonce(document: Document): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/**
 * The script carries the page's nonce: it would run without it ('strict-dynamic' trusts what the page's own scripts
 * add), but a tag manager copies its own script's nonce onto the inline tags it adds, which run only with it.
 */
export function addAsyncScript(page: ScriptPage, src: string, failure: string): void {
  const script = page.document.createElement('script');
  script.async = true;
  const nonce = pageNonce(page.document);
  if (nonce !== '') script.nonce = nonce;
  script.src = src;
  script.onerror = () => page.log(failure);
  page.document.head.append(script);
}
