/**
 * The Raw tab's JSON editor: CodeMirror 6 with JSON highlighting, bracket matching and completion from the schema of
 * an overlay (.generated/step-editor/overlay-schema.ts). Loaded lazily, only when the tab opens. It runs inside a
 * shadow root: CodeMirror adds its styles as a <style> element in a document, which the console's CSP refuses
 * (style-src 'self'), and as a constructed stylesheet in a shadow root, which the CSP does not govern.
 */
import { useEffect, useRef } from 'react';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { overlaySchema } from '../../../.generated/step-editor/overlay-schema.ts';
import { schemaCompletion } from './json-completion.ts';

export interface JsonEditorProps {
  text: string;
  /** The editor's accessible name. */
  label: string;
  invalid: boolean;
  onChange: (text: string) => void;
}

export default function JsonEditor({ text, label, invalid, onChange }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const element = host.current;
    if (element === null) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    root.append(parent);
    const editor = new EditorView({
      root,
      parent,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          history(),
          closeBrackets(),
          bracketMatching(),
          json(),
          syntaxHighlighting(defaultHighlightStyle),
          autocompletion({ override: [schemaCompletion(overlaySchema)] }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      parent.remove();
      view.current = null;
    };
    // Made once: later texts reach it through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A text from outside (their version loaded) replaces the editor's, unless it is what the editor holds.
  useEffect(() => {
    const editor = view.current;
    if (editor === null || editor.state.doc.toString() === text) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  }, [text]);

  useEffect(() => {
    view.current?.contentDOM.setAttribute('aria-invalid', String(invalid));
  }, [invalid]);

  return <div ref={host} className="editor-json" />;
}
