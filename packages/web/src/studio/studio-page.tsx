// The screen studio of a hosted app: its screens edited as JSON with findings inline, previewed live, saved as drafts.
import type { App, Revision } from '@miniapps/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AppCrumbs } from '../console/app-crumbs.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { CodeEditor, type CodeEditorHandle, type ListedFinding } from './code-editor.js';
import { StudioPalette } from './studio-palette.js';
import { type PreviewScreens, StudioPreview } from './studio-preview.js';
import './studio-page.css';

/** The preview redraws this long after the last keystroke. */
const PREVIEW_DELAY_MS = 300;

interface ScreenText {
  /** Stable while the path is renamed, so the editor keeps its history. */
  id: number;
  path: string;
  title?: string | undefined;
  text: string;
}

/** What the studio starts from: the head revision's content, or one empty screen for an app never deployed. */
interface Base {
  app: App;
  version: number;
  screens: ScreenText[];
  data: Revision['data'];
  strings: Revision['strings'];
}

let nextId = 0;
const screenText = (path: string, json: unknown, title?: string): ScreenText => ({
  id: nextId++,
  path,
  title,
  text: `${JSON.stringify(json, null, 2)}\n`,
});

function parsedObject(text: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function StudioPage({ org, slug }: { org: string; slug: string }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const [round, setRound] = useState(0);
  const base = useResource(async (): Promise<Base> => {
    const { app } = await api.request('GET /api/v1/orgs/:org/apps/:slug', { params: { org, slug } });
    if (app.version === 0) {
      return {
        app,
        version: 0,
        screens: [screenText(app.startPath, { type: 'screen', title: app.name, children: [] })],
        data: undefined,
        strings: undefined,
      };
    }
    const { revision } = await api.request('GET /api/v1/orgs/:org/apps/:slug/revisions/:version', {
      params: { org, slug, version: String(app.version) },
    });
    return {
      app,
      version: app.version,
      screens: (revision.screens ?? []).map((item) => screenText(item.path, item.json, item.title)),
      data: revision.data,
      strings: revision.strings,
    };
  }, [api, org, slug, round]);
  return (
    <div className="studio">
      <AppCrumbs org={org} slug={slug} />
      <h1>{t('studio.title')}</h1>
      <ErrorNotice error={base.error} />
      {base.data === undefined ? (
        base.error ? null : (
          <Loading />
        )
      ) : base.data.app.sourceKind !== 'hosted' ? (
        <p className="notice">{t('studio.notHosted')}</p>
      ) : (
        <Studio
          key={`${base.data.version}:${round}`}
          base={base.data}
          onReload={() => setRound((n) => n + 1)}
        />
      )}
    </div>
  );
}

function Studio({ base, onReload }: { base: Base; onReload(): void }) {
  const { api } = useSignedIn();
  const { t } = useLanguage();
  const [screens, setScreens] = useState(base.screens);
  const [selectedId, setSelectedId] = useState(base.screens[0]?.id);
  const [version, setVersion] = useState(base.version);
  const [saved, setSaved] = useState<string | null>(null);
  const [newPath, setNewPath] = useState('');
  const [findings, setFindings] = useState<ListedFinding[]>([]);
  const save = useAction();
  const editor = useRef<CodeEditorHandle>(null);
  const [palette, setPalette] = useState(false);
  const selected = screens.find((screen) => screen.id === selectedId) ?? screens[0];

  // The preview follows the texts a moment after typing stops; a text that does not parse keeps its last good screen.
  const [preview, setPreview] = useState<PreviewScreens>(() => ({
    screens: new Map(base.screens.map((s) => [s.path, parsedObject(s.text)])),
    generation: 0,
  }));
  useEffect(() => {
    const timer = setTimeout(() => {
      setPreview((before) => {
        const next = new Map<string, unknown>();
        let changed = before.screens.size !== screens.length;
        for (const screen of screens) {
          const json = parsedObject(screen.text) ?? before.screens.get(screen.path);
          if (json !== before.screens.get(screen.path)) changed = true;
          next.set(screen.path, json);
        }
        // Parsing gives new objects each time: redraw only when a text that parses changed.
        const same = !changed || JSON.stringify([...next]) === JSON.stringify([...before.screens]);
        return same ? before : { screens: next, generation: before.generation + 1 };
      });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [screens]);

  // Leaving the page (closing the tab, reloading, another address) with unsaved changes asks first.
  const snapshot = (list: readonly ScreenText[]) => JSON.stringify(list.map((s) => [s.path, s.text]));
  const [savedSnapshot, setSavedSnapshot] = useState(() => snapshot(base.screens));
  const dirty = snapshot(screens) !== savedSnapshot;
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const edit = (id: number, change: Partial<ScreenText>) =>
    setScreens((all) => all.map((screen) => (screen.id === id ? { ...screen, ...change } : screen)));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const path = newPath.trim();
    if (!path || screens.some((screen) => screen.path === path)) return;
    const screen = screenText(path, { type: 'screen', title: path, children: [] });
    setScreens((all) => [...all, screen]);
    setSelectedId(screen.id);
    setNewPath('');
  };

  const remove = (id: number) => {
    const rest = screens.filter((screen) => screen.id !== id);
    setScreens(rest);
    setSelectedId(rest[0]?.id);
  };

  const doSave = (submit: boolean) =>
    save.run(async () => {
      setSaved(null);
      const items = screens.map((screen) => ({
        path: screen.path,
        ...(screen.title !== undefined && { title: screen.title }),
        json: parsedObject(screen.text),
      }));
      const broken = items.find((item) => item.json === undefined);
      if (broken) throw new Error(t('studio.save.broken', { path: broken.path }));
      const answer = await api.request('POST /api/v1/orgs/:org/apps/:slug/revisions', {
        params: { org: base.app.organizationId, slug: base.app.slug },
        body: {
          baseVersion: version,
          screens: items,
          submit,
          ...(base.data !== undefined && { data: base.data }),
          ...(base.strings !== undefined && { strings: base.strings }),
        },
      });
      setVersion(answer.version);
      setSavedSnapshot(snapshot(screens));
      setSaved(t(submit ? 'studio.save.submitted' : 'studio.save.saved', { version: answer.version }));
    });

  return (
    <>
      <p className="muted">{t('studio.about', { version })}</p>
      <div className="studio-layout">
        <nav className="studio-screens" aria-label={t('studio.screens')}>
          <h2>{t('studio.screens')}</h2>
          <ul>
            {screens.map((screen) => (
              <li key={screen.id}>
                <button
                  type="button"
                  className="button button-text"
                  aria-current={screen.id === selected?.id ? 'true' : undefined}
                  onClick={() => setSelectedId(screen.id)}
                >
                  <code>{screen.path}</code>
                </button>
              </li>
            ))}
          </ul>
          <form className="form" onSubmit={add}>
            <label>
              {t('studio.newPath')}
              <input value={newPath} placeholder="/about" onChange={(e) => setNewPath(e.target.value)} />
            </label>
            <button type="submit" className="button button-secondary">
              {t('studio.add')}
            </button>
          </form>
        </nav>
        {selected && (
          <section className="studio-source" aria-label={t('studio.source')}>
            <div className="form form-inline">
              <label>
                {t('studio.path')}
                <input value={selected.path} onChange={(e) => edit(selected.id, { path: e.target.value })} />
              </label>
              {screens.length > 1 && (
                <button type="button" className="button button-secondary" onClick={() => remove(selected.id)}>
                  {t('studio.delete')}
                </button>
              )}
            </div>
            <StudioPalette open={palette} onOpenChange={setPalette} editor={editor} />
            <CodeEditor
              ref={editor}
              onPalette={() => setPalette(true)}
              docKey={String(selected.id)}
              initial={selected.text}
              label={t('studio.editorLabel', { path: selected.path })}
              t={t}
              onChange={(text) => edit(selected.id, { text })}
              onFindings={setFindings}
            />
            <FindingList findings={findings} />
            <div className="buttons">
              <button type="button" className="button" disabled={save.busy} onClick={() => doSave(false)}>
                {t('studio.save')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={save.busy}
                onClick={() => doSave(true)}
              >
                {t('studio.submit')}
              </button>
              <button type="button" className="button button-secondary" onClick={onReload}>
                {t('studio.reload')}
              </button>
            </div>
            {saved && (
              <p className="notice" role="status">
                {saved}
              </p>
            )}
            <ErrorNotice error={save.error} />
          </section>
        )}
        {selected && <StudioPreview preview={preview} page={selected.path} />}
      </div>
    </>
  );
}

/** The editor's findings as text beside it: what a screen reader reads, line by line. */
function FindingList({ findings }: { findings: ListedFinding[] }) {
  const { t } = useLanguage();
  return (
    <section className="studio-findings" aria-label={t('studio.findings')}>
      {findings.length === 0 ? (
        <p className="muted">{t('studio.findings.none')}</p>
      ) : (
        <ul data-testid="studio-findings">
          {findings.map((finding, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: worked out again on each change, in text order.
            <li key={index} className={`studio-finding studio-finding-${finding.severity}`}>
              {t('studio.findings.line', { line: finding.line })} {finding.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default StudioPage;
