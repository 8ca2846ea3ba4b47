/**
 * The draft's overlay as JSON (only what differs from the version it extends), to edit whole: a field's rules, a new
 * key, anything the form does not offer. It is saved only once it parses; until then the parser's message and the
 * line and column it stopped at show by the editor. The editor itself (CodeMirror, with completion from the flow
 * schema) is loaded only when this tab opens.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { parseJsonObject } from './json-text.ts';

const JsonEditor = lazy(() => import('./JsonEditor.tsx'));

type Json = Record<string, unknown>;

export interface RawTabProps {
  overlay: Json;
  onChange: (overlay: Json) => void;
}

export function RawTab({ overlay, onChange }: RawTabProps) {
  const [text, setText] = useState(() => JSON.stringify(overlay, null, 2));
  const [error, setError] = useState('');

  // Another source of change (a conflict resolved by loading theirs) replaces the text, unless it is what is typed.
  useEffect(() => {
    setText((typed) => {
      const parsed = parseJsonObject(typed);
      return 'value' in parsed && JSON.stringify(parsed.value) === JSON.stringify(overlay)
        ? typed
        : JSON.stringify(overlay, null, 2);
    });
  }, [overlay]);

  const change = (next: string) => {
    setText(next);
    const parsed = parseJsonObject(next);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError('');
    onChange(parsed.value);
  };

  return (
    <div className="editor-raw">
      <p>
        The draft as JSON: only what differs from the version it extends. Ctrl+Space lists what may go where the cursor
        is; Tab indents, so to leave the editor by keyboard press Escape, then Tab.
      </p>
      <Suspense fallback={<p role="status">Loading the editor…</p>}>
        <JsonEditor text={text} label="The draft as JSON" invalid={error !== ''} onChange={change} />
      </Suspense>
      {error !== '' && (
        <p role="alert" className="console-error">
          Not saved: {error}
        </p>
      )}
    </div>
  );
}
