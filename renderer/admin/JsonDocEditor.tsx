/**
 * A JSON document in a CodeMirror 6 editor. Schema problems (from the precompiled validators while
 * typing, or from the server on save/publish) are drawn at their line via their JSON pointer, and
 * listed under the editor with line numbers. The editor owns its text; the parent hears every change.
 * Undo/redo is CodeMirror's history (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl+Y); Ctrl/Cmd+S saves the
 * draft instead of opening the browser's "save page" dialog.
 */
import { useEffect, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import type { Problem } from './admin-types';
import { lineOf, pointerRange } from './pointer-range';

interface Props {
  /** Text loaded into the editor; replacing it (a reload) resets the editor content. */
  text: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+S in the editor. */
  onSave?(): void;
  problems: Problem[];
  readOnly: boolean;
  label: string;
}

/** Problems with the line each one points at, for the editor gutter and the list below it. */
export function placeProblems(text: string, problems: Problem[]) {
  return problems.map((p) => {
    const range = pointerRange(text, p.pointer);
    return { ...p, ...range, line: lineOf(text, range.from) };
  });
}

export default function JsonDocEditor({ text, onChange, onSave, problems, readOnly, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const saved = useRef(onSave);
  saved.current = onSave;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                saved.current?.();
                return true;
              },
            },
            ...defaultKeymap,
            // No Tab-to-indent: Tab must keep moving focus out of the editor (keyboard users).
            ...historyKeymap,
          ]),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle),
          json(),
          lintGutter(),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          // Long strings wrap instead of scrolling sideways; the editor itself scrolls, capped in height.
          EditorView.lineWrapping,
          EditorView.theme({ '&': { maxHeight: '60vh' }, '.cm-scroller': { overflow: 'auto' } }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    // A scrolling region must be reachable by keyboard (read-only text cannot take focus otherwise).
    v.scrollDOM.tabIndex = 0;
    view.current = v;
    return () => v.destroy();
    // The editor is rebuilt only when the loaded document (text) or the role changes, not per keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, readOnly, label]);

  const current = view.current?.state.doc.toString() ?? text;
  const placed = placeProblems(current, problems);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const len = v.state.doc.length;
    const diagnostics: Diagnostic[] = placed.map((p) => ({
      from: Math.min(p.from, len),
      to: Math.min(Math.max(p.to, p.from), len),
      severity: 'error',
      message: `${p.pointer || '/'}: ${p.message}`,
    }));
    v.dispatch(setDiagnostics(v.state, diagnostics));
  });

  return (
    <div className="json-editor">
      <div ref={host} className="json-editor-host" style={{ border: '1px solid #bbb' }} />
      {placed.length > 0 && (
        <ul className="problems" aria-label="Schema errors">
          {placed.map((p, i) => (
            <li key={i} style={{ color: '#b00020' }}>
              line {p.line}: {p.pointer || '/'} {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
