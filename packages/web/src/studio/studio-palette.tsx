// The palette: the registry's widgets and actions, searched by name or description, one inserted at the cursor.
import type { NodeSpec } from '@miniapps/schema';
import { type KeyboardEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import type { CodeEditorHandle } from './code-editor.js';
import { type NodeKind, nodeTemplate } from './node-snippet.js';
import { actionSpecs, widgetSpecs } from './screen-tree.js';

interface Entry {
  kind: NodeKind;
  type: string;
  spec: NodeSpec;
  required: string[];
}

/** Every entry of the registry, read from it: a widget or an action added there is listed without a change here. */
const ENTRIES: readonly Entry[] = (
  [
    ['widget', widgetSpecs],
    ['action', actionSpecs],
  ] as const
).flatMap(([kind, specs]) =>
  Object.entries(specs).map(([type, spec]) => ({
    kind,
    type,
    spec,
    required: Object.entries(spec.fields)
      .filter(([, field]) => field.required)
      .map(([name]) => name),
  })),
);

/** The entries a search finds, names that match before descriptions that do, the registry's order otherwise. */
function search(query: string): Entry[] {
  const words = query.trim().toLowerCase();
  if (!words) return [...ENTRIES];
  const named = ENTRIES.filter((entry) => entry.type.toLowerCase().includes(words));
  const described = ENTRIES.filter(
    (entry) => !named.includes(entry) && entry.spec.description.toLowerCase().includes(words),
  );
  // Kept in their groups: widgets, then actions.
  return (['widget', 'action'] as const).flatMap((kind) =>
    [...named, ...described].filter((entry) => entry.kind === kind),
  );
}

export interface StudioPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  editor: RefObject<CodeEditorHandle | null>;
}

/**
 * A combobox over a grouped listbox (the WAI-ARIA pattern): typing filters, the arrows move the active option,
 * Enter inserts it, Escape closes and gives the editor back its focus.
 */
export function StudioPalette({ open, onOpenChange, editor }: StudioPaletteProps) {
  const { t } = useLanguage();
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const found = useMemo(() => search(query), [query]);
  const current = found[Math.min(active, found.length - 1)];
  const optionId = (entry: Entry) => `${id}-${entry.kind}-${entry.type}`;

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const close = () => {
    onOpenChange(false);
    setQuery('');
    setActive(0);
  };
  const insert = (entry: Entry) => {
    close();
    editor.current?.insertAtCursor(nodeTemplate(entry.kind, entry.type, entry.spec));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && found.length > 0) {
      setActive((Math.min(active, found.length - 1) + step + found.length) % found.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      setActive(event.key === 'Home' ? 0 : found.length - 1);
    } else if (event.key === 'Enter' && current) {
      insert(current);
    } else if (event.key === 'Escape') {
      close();
      editor.current?.focus();
    } else return;
    event.preventDefault();
  };

  const groups = (['widget', 'action'] as const)
    .map((kind) => ({ kind, entries: found.filter((entry) => entry.kind === kind) }))
    .filter((group) => group.entries.length > 0);
  return (
    <div className="studio-palette">
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => (open ? close() : onOpenChange(true))}
      >
        {t('studio.palette.open')}
      </button>
      {open && (
        <div id={`${id}-panel`} className="studio-palette-panel">
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-label={t('studio.palette.search')}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={current ? optionId(current) : undefined}
            placeholder={t('studio.palette.search')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div id={`${id}-list`} role="listbox" aria-label={t('studio.palette.list')}>
            {groups.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group" (no fieldset in it).
              <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}s`}>
                <div id={`${id}-${group.kind}s`} role="presentation" className="studio-palette-group">
                  {t(group.kind === 'widget' ? 'studio.palette.widgets' : 'studio.palette.actions')}
                </div>
                {group.entries.map((entry) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input takes the keys (aria-activedescendant).
                  <div
                    key={entry.type}
                    id={optionId(entry)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={entry === current}
                    className="studio-palette-option"
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(entry)}
                  >
                    <code>{entry.type}</code> <span>{entry.spec.description}</span>
                    {entry.required.length > 0 && (
                      <small className="muted">
                        {' '}
                        {t('studio.palette.required', { fields: entry.required.join(', ') })}
                      </small>
                    )}
                  </div>
                ))}
              </div>
            ))}
          </div>
          {found.length === 0 && (
            <p className="muted" role="status">
              {t('studio.palette.none', { query })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
