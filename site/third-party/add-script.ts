/** Adds a third party's script without blocking the page; a script that cannot load is logged, never shown. */
export interface ScriptPage {
  document: Document;
  log(message: string): void;
}

export function addAsyncScript(page: ScriptPage, src: string, failure: string): void {
  const script = page.document.createElement('script');
  script.async = true;
  script.src = src;
  script.onerror = () => page.log(failure);
  page.document.head.append(script);
}
