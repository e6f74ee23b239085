// The studio's files as tabs (the screens, each data file, the strings) and the editor of a data file or the strings.
import { datasetNameFault } from '@miniapps/schema';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { CodeEditor, type ListedFinding } from './code-editor.js';
import { FindingList } from './finding-list.js';
import { dataFileFindings, faultMessage, stringsFindings } from './hosted-file-findings.js';
import { type DataFileText, dataFileText, type StudioContent } from './studio-content.js';

/** Which file the studio shows: the screens, one data file (by its id), or the strings. */
export type StudioTab = 'screens' | 'strings' | `data:${number}`;

type Files = Pick<StudioContent, 'data' | 'strings'>;

const tabId = (tab: StudioTab) => `studio-tab-${tab.replace(':', '-')}`;
const panelId = (tab: StudioTab) => `studio-panel-${tab.replace(':', '-')}`;

/** Why a data file cannot have this name, in the user's language; undefined when it can. */
function useNameProblem(): (name: string, others: readonly DataFileText[]) => string | undefined {
  const { t } = useLanguage();
  return (name, others) => {
    const fault = datasetNameFault(name);
    if (fault) return faultMessage(fault, t);
    return others.some((file) => file.name === name) ? t('studio.files.nameTaken', { name }) : undefined;
  };
}

/** The tablist (arrows, Home and End move between tabs, as the ARIA pattern has it) and the form adding a data file. */
export function FileTabs(props: {
  tab: StudioTab;
  files: Files;
  onTab(tab: StudioTab): void;
  onFiles(change: (files: Files) => Files): void;
}) {
  const { t } = useLanguage();
  const nameProblem = useNameProblem();
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState<string>();
  const tabs: { tab: StudioTab; label: string }[] = [
    { tab: 'screens', label: t('studio.screens') },
    ...props.files.data.map((file) => ({
      tab: `data:${file.id}` as const,
      label: t('studio.files.dataTab', { name: file.name }),
    })),
    { tab: 'strings', label: t('studio.files.strings') },
  ];

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((item) => item.tab === props.tab);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + tabs.length) % tabs.length;
    props.onTab(tabs[index]!.tab);
    (event.currentTarget.children[index] as HTMLElement | undefined)?.focus();
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    const said = nameProblem(name, props.files.data);
    setProblem(said);
    if (said) return;
    const file = dataFileText(name, []);
    props.onFiles((files) => ({ ...files, data: [...files.data, file] }));
    props.onTab(`data:${file.id}`);
    setNewName('');
  };

  return (
    <div className="studio-tabs">
      <div role="tablist" aria-label={t('studio.files')} onKeyDown={move}>
        {tabs.map((item) => (
          <button
            key={item.tab}
            type="button"
            role="tab"
            id={tabId(item.tab)}
            aria-selected={item.tab === props.tab}
            aria-controls={panelId(item.tab)}
            tabIndex={item.tab === props.tab ? 0 : -1}
            className="studio-tab"
            onClick={() => props.onTab(item.tab)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <form className="form form-inline" onSubmit={add}>
        <label>
          {t('studio.files.newName')}
          <input
            value={newName}
            placeholder="people"
            aria-invalid={problem !== undefined}
            onChange={(e) => setNewName(e.target.value)}
          />
        </label>
        <button type="submit" className="button button-secondary">
          {t('studio.files.add')}
        </button>
        {problem && (
          <span className="notice notice-error" role="alert">
            {problem}
          </span>
        )}
      </form>
    </div>
  );
}

/** What makes an element the panel of a tab, named by it. */
export const tabPanelProps = (tab: StudioTab) =>
  ({ role: 'tabpanel', id: panelId(tab), 'aria-labelledby': tabId(tab) }) as const;

/** A data file or the strings in the JSON editor, with the deploy's findings on them. */
export function FilePanel(props: {
  tab: Exclude<StudioTab, 'screens'>;
  files: Files;
  onTab(tab: StudioTab): void;
  onFiles(change: (files: Files) => Files): void;
}) {
  const { t } = useLanguage();
  const nameProblem = useNameProblem();
  const [findings, setFindings] = useState<ListedFinding[]>([]);
  const none = t('studio.files.findings.none');
  if (props.tab === 'strings') {
    return (
      <section className="studio-file" {...tabPanelProps(props.tab)}>
        <p className="muted">{t('studio.files.stringsAbout')}</p>
        <CodeEditor
          docKey="strings"
          initial={props.files.strings}
          label={t('studio.files.stringsLabel')}
          t={t}
          check={stringsFindings}
          onChange={(strings) => props.onFiles((files) => ({ ...files, strings }))}
          onFindings={setFindings}
        />
        <FindingList findings={findings} none={none} />
      </section>
    );
  }
  const file = props.files.data.find((item) => `data:${item.id}` === props.tab);
  if (!file) return null;
  const edit = (change: Partial<DataFileText>) =>
    props.onFiles((files) => ({
      ...files,
      data: files.data.map((item) => (item.id === file.id ? { ...item, ...change } : item)),
    }));
  const remove = () => {
    props.onFiles((files) => ({ ...files, data: files.data.filter((item) => item.id !== file.id) }));
    props.onTab('screens');
  };
  const problem = nameProblem(
    file.name,
    props.files.data.filter((item) => item.id !== file.id),
  );
  return (
    <section className="studio-file" {...tabPanelProps(props.tab)}>
      <p className="muted">{t('studio.files.dataAbout', { name: file.name })}</p>
      <div className="form form-inline">
        <label>
          {t('studio.files.name')}
          <input
            value={file.name}
            aria-invalid={problem !== undefined}
            onChange={(e) => edit({ name: e.target.value })}
          />
        </label>
        <button type="button" className="button button-secondary" onClick={remove}>
          {t('studio.files.delete')}
        </button>
        {problem && <span className="notice notice-error">{problem}</span>}
      </div>
      <CodeEditor
        docKey={`data:${file.id}`}
        initial={file.text}
        label={t('studio.files.dataLabel', { name: file.name })}
        t={t}
        check={dataFileFindings(file.name)}
        onChange={(text) => edit({ text })}
        onFindings={setFindings}
      />
      <FindingList findings={findings} none={none} />
    </section>
  );
}
