// The screen studio of a hosted app: its screens, data files and strings edited as JSON with findings inline, the
// screens previewed live, saved as draft revisions, unsaved edits kept in the browser.
import type { App } from '@miniapps/contract';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { AppCrumbs } from '../console/app-crumbs.js';
import { useLanguage } from '../i18n/language.js';
import { guardLeaving } from '../router.js';
import { useSignedIn } from '../session.js';
import { useAction, useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { CodeEditor, type CodeEditorHandle, type ListedFinding } from './code-editor.js';
import { DraftNotice } from './draft-notice.js';
import { FilePanel, FileTabs, type StudioTab, tabPanelProps } from './file-tabs.js';
import { FindingList } from './finding-list.js';
import { LoadLatestButton } from './load-latest.js';
import { ScreenPaths } from './screen-paths.js';
import {
  contentSnapshot,
  isUnsendable,
  parsedObject,
  previewFiles,
  revisionContent,
  type ScreenText,
  type StudioContent,
  saveParts,
  screenText,
} from './studio-content.js';
import { browserStorage, contentOf, draftKey, draftToRestore, useDraftKeeping } from './studio-draft.js';
import { type LoadedRevision, StudioHistory } from './studio-history.js';
import { StudioPalette } from './studio-palette.js';
import { type PreviewScreens, StudioPreview } from './studio-preview.js';
import './studio-page.css';

/** The preview redraws this long after the last keystroke. */
const PREVIEW_DELAY_MS = 300;

/** What the studio starts from: the head revision's content, or one empty screen for an app never deployed. */
interface Base {
  app: App;
  version: number;
  content: StudioContent;
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
        content: {
          ...revisionContent({}),
          screens: [screenText(app.startPath, { type: 'screen', title: app.name, children: [] })],
        },
      };
    }
    const { revision } = await api.request('GET /api/v1/orgs/:org/apps/:slug/revisions/:version', {
      params: { org, slug, version: String(app.version) },
    });
    return { app, version: app.version, content: revisionContent(revision) };
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
  const { api, user } = useSignedIn();
  const { t } = useLanguage();
  const keptKey = draftKey(user.id, base.app.organizationId, base.app.slug);
  // Edits kept in this browser and not saved come back over the saved content, on the version they were made to.
  const [restored, setRestored] = useState(() => draftToRestore(browserStorage(), keptKey, base, Date.now()));
  const [start] = useState(() => (restored ? contentOf(restored) : base.content));
  const [screens, setScreens] = useState(start.screens);
  const [files, setFiles] = useState({ data: start.data, strings: start.strings });
  const [tab, setTab] = useState<StudioTab>('screens');
  const content = useMemo(() => ({ screens, ...files }), [screens, files]);
  // One object per change of the files, so the preview starts the app again only when a file changed.
  const shownFiles = useMemo(() => previewFiles(files), [files]);
  const [selectedId, setSelectedId] = useState(start.screens[0]?.id);
  const [version, setVersion] = useState(restored?.baseVersion ?? base.version);
  const [saved, setSaved] = useState<string | null>(null);
  const [newPath, setNewPath] = useState('');
  const [findings, setFindings] = useState<ListedFinding[]>([]);
  const save = useAction();
  const editor = useRef<CodeEditorHandle>(null);
  const [palette, setPalette] = useState(false);
  const selected = screens.find((screen) => screen.id === selectedId) ?? screens[0];

  // The preview follows the texts a moment after typing stops; a text that does not parse keeps its last good screen.
  const [preview, setPreview] = useState<PreviewScreens>(() => ({
    screens: new Map(start.screens.map((s) => [s.path, parsedObject(s.text)])),
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
  const [savedSnapshot, setSavedSnapshot] = useState(() => contentSnapshot(base.content));
  const dirty = contentSnapshot(content) !== savedSnapshot;
  const kept = useDraftKeeping(keptKey, content, version, dirty);
  const loadLatest = () => {
    kept.drop();
    onReload();
  };
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    // The console's own links and Back never unload the page: they ask here (the edits stay kept in this browser).
    const release = guardLeaving(() => window.confirm(t('studio.leave')));
    return () => {
      window.removeEventListener('beforeunload', ask);
      release();
    };
  }, [dirty, t]);

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

  // A revision loaded in place of the edits, not saved: a save makes it a new revision on top of the head.
  const restore = (loaded: LoadedRevision) => {
    const loadedContent = revisionContent(loaded);
    setScreens(loadedContent.screens);
    setSelectedId(loadedContent.screens[0]?.id);
    setFiles({ data: loadedContent.data, strings: loadedContent.strings });
    setTab('screens');
    setVersion(loaded.head);
    setSaved(t('studio.revisions.loaded', { version: loaded.version }));
  };

  const doSave = (submit: boolean) =>
    save.run(async () => {
      setSaved(null);
      const parts = saveParts(content);
      if (isUnsendable(parts)) throw new Error(unsendableMessage(parts, t));
      const answer = await api.request('POST /api/v1/orgs/:org/apps/:slug/revisions', {
        params: { org: base.app.organizationId, slug: base.app.slug },
        body: { baseVersion: version, submit, ...parts },
      });
      kept.drop();
      setRestored(undefined);
      setVersion(answer.version);
      setSavedSnapshot(contentSnapshot(content));
      setSaved(t(submit ? 'studio.save.submitted' : 'studio.save.saved', { version: answer.version }));
    });

  return (
    <>
      <p className="muted">{t('studio.about', { version })}</p>
      <p className="notice studio-narrow">{t('studio.narrow')}</p>
      <DraftNotice
        restored={restored}
        headVersion={base.version}
        unkept={kept.unkept}
        dirty={dirty}
        onDiscard={loadLatest}
        onLoadLatest={loadLatest}
      />
      <div className="buttons studio-actions">
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
        <LoadLatestButton dirty={dirty} onLoad={loadLatest} />
      </div>
      {saved && (
        <p className="notice" role="status">
          {saved}
        </p>
      )}
      <ErrorNotice error={save.error} />
      <FileTabs tab={tab} files={files} onTab={setTab} onFiles={setFiles} />
      <div className="studio-layout" {...tabPanelProps('screens')} hidden={tab !== 'screens'}>
        <nav className="studio-screens" aria-label={t('studio.screens')}>
          <h2>{t('studio.screens')}</h2>
          <ScreenPaths screens={screens} selectedId={selected?.id} onSelect={setSelectedId} />
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
          </section>
        )}
        {selected && (
          <StudioPreview
            preview={preview}
            page={selected.path}
            title={base.app.name}
            data={shownFiles.data}
            strings={shownFiles.strings}
            onShow={(path) => setSelectedId(screens.find((screen) => screen.path === path)?.id ?? selectedId)}
          />
        )}
      </div>
      {tab !== 'screens' && <FilePanel key={tab} tab={tab} files={files} onTab={setTab} onFiles={setFiles} />}
      <StudioHistory app={base.app} version={version} screens={screens} dirty={dirty} onRestore={restore} />
    </>
  );
}

/** Why the content cannot be sent, naming the file to fix. */
function unsendableMessage(
  problem: Exclude<ReturnType<typeof saveParts>, { screens: unknown }>,
  t: ReturnType<typeof useLanguage>['t'],
): string {
  switch (problem.kind) {
    case 'screen':
      return t('studio.save.broken', { path: problem.path });
    case 'data':
      return t('studio.save.brokenData', { name: problem.name });
    case 'dataTwice':
      return t('studio.save.dataTwice', { name: problem.name });
    case 'strings':
      return t('studio.save.brokenStrings');
  }
}

export default StudioPage;
