// The JSON editor of one screen: CodeMirror 6 with the registry's completion and the validator's findings inline.
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { FINDINGS_MARK, LINT_DELAY_MS } from './findings-timing.js';
import { insertAtCursor } from './insert-place.js';
import { screenCompletions } from './screen-completion.js';
import { type Finding, screenFindings, type Translate } from './screen-findings.js';
import { screenHover } from './screen-hover.js';

/** What the page may do to the editor from outside it. */
export interface CodeEditorHandle {
  /**
   * Inserts a `snippet()` template at the cursor (between an array's items: on its own line, with commas), its
   * first tab stop selected and the editor focused; Tab moves to the next stop.
   */
  insertAtCursor(template: string): void;
  focus(): void;
}

/** A finding as listed beside the editor: its line (from 1) and what it says. */
export interface ListedFinding {
  line: number;
  severity: Diagnostic['severity'];
  message: string;
}

export interface CodeEditorProps {
  /** The text the editor starts with; a new `docKey` starts it again (another screen chosen). */
  initial: string;
  docKey: string;
  label: string;
  t: Translate;
  onChange(text: string): void;
  /** The findings each time they are worked out, for the list a screen reader (and a test) can read. */
  onFindings(findings: ListedFinding[]): void;
  /**
   * Another file than a screen (a data file, the strings): its findings, and no screen completion or hover.
   * Worked out once the text parses, as a screen's are.
   */
  check?: ((text: string, t: Translate) => Finding[]) | undefined;
  /** Asked for by Mod-Shift-Space in the editor: the palette of widgets and actions to insert. */
  onPalette?(): void;
  ref?: Ref<CodeEditorHandle>;
}

export function CodeEditor({
  initial,
  docKey,
  label,
  t,
  onChange,
  onFindings,
  check,
  onPalette,
  ref,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The linter and the listener read the latest language and callback without rebuilding the editor.
  const latest = useRef({ t, onChange, onFindings, check, onPalette });
  latest.current = { t, onChange, onFindings, check, onPalette };

  useImperativeHandle(
    ref,
    () => ({
      insertAtCursor(template) {
        const editor = view.current;
        if (!editor) return;
        insertAtCursor(editor, template);
        editor.focus();
      },
      focus: () => view.current?.focus(),
    }),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made again only for another document.
  useEffect(() => {
    const syntax = jsonParseLinter();
    const findings = (editor: EditorView): Diagnostic[] => {
      // Where the work after the debounce starts, for `npm run bench:studio` (and a profile in the browser's tools).
      performance.mark(FINDINGS_MARK);
      const broken = syntax(editor);
      const found: Diagnostic[] =
        broken.length > 0
          ? broken
          : (latest.current.check ?? screenFindings)(editor.state.doc.toString(), latest.current.t).map(
              (finding) => ({
                from: finding.from,
                to: finding.to,
                severity: finding.severity,
                message: finding.message,
              }),
            );
      latest.current.onFindings(
        found.map((d) => ({
          line: editor.state.doc.lineAt(d.from).number,
          severity: d.severity,
          message: d.message,
        })),
      );
      return found;
    };
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          json(),
          lintGutter(),
          linter(findings, { delay: LINT_DELAY_MS }),
          ...(check
            ? []
            : [autocompletion({ override: [screenCompletions], activateOnTyping: true }), screenHover]),
          keymap.of([
            {
              key: 'Mod-Shift-Space',
              run: () => {
                latest.current.onPalette?.();
                return latest.current.onPalette !== undefined;
              },
            },
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...historyKeymap,
            ...completionKeymap,
          ]),
          // A tab stop axe counts as one, so the scroller around long lines is reachable by keyboard.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [docKey]);

  // Another language: the findings are said again in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `t` changes with the language, which is the point.
  useEffect(() => {
    if (view.current) forceLinting(view.current);
  }, [t]);

  return <div className="studio-editor" ref={host} />;
}
