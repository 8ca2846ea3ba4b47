/**
 * Stands in for markdown-to-jsx in the page's script (decision 016). @rjsf/core renders its Markdown component only
 * in parts of a form the engine never shows (a field's description and help, the message for a schema rjsf cannot
 * render, a bad `ui:order`, its own file input); reaching one is a change in what the page shows, and stops at once
 * with this error rather than showing Markdown as raw text.
 */
export function Markdown({ children }: { children?: unknown }): never {
  throw new Error(
    `markdown-to-jsx's Markdown was rendered (${JSON.stringify(String(children))}), which the page leaves out: ` +
      'rjsf renders it only in parts of a form the engine never shows (docs/decisions/016-markdown-to-jsx-left-out.md)',
  );
}
