// Files a project deploys beside its screens: datasets in data/<name>.json and strings/<locale>.json.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DATASET_NAME } from '@miniapps/contract';
import { appendPointer, LOCALE_TAG, missingStrings, STRING_KEY, stringUses } from '@miniapps/schema';
import { bindingFinding, type Finding, fault } from './findings.js';
import type { Translate } from './i18n/messages.js';
import { describeJsonError, type ScreenFile } from './json-file.js';

/** Folders beside miniapp.json that hold these files; never screens, even when the screens are the project's root. */
export const FILE_FOLDERS = ['data', 'strings'] as const;
export type FileKind = (typeof FILE_FOLDERS)[number];

export interface ProjectFile {
  kind: FileKind;
  /** Where the file is, as shown to the user. */
  file: string;
  /** The dataset's name or the locale's tag: the file's name without `.json`. */
  name: string;
  json: unknown;
  parseError?: string;
}

/** The JSON files directly in `<root>/data` and `<root>/strings`, by name; a missing folder is none. */
export function readProjectFiles(root: string, cwd: string, t: Translate): ProjectFile[] {
  const files: ProjectFile[] = [];
  for (const kind of FILE_FOLDERS) {
    const folder = join(root, kind);
    let names: string[];
    try {
      names = readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && !entry.name.startsWith('.'))
        .map((entry) => entry.name)
        .sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const absolute = join(folder, name);
      const text = readFileSync(absolute, 'utf8');
      const file: ProjectFile = {
        kind,
        file: relative(cwd, absolute) || absolute,
        name: name.slice(0, -'.json'.length),
        json: undefined,
      };
      try {
        file.json = JSON.parse(text);
      } catch (error) {
        file.parseError = describeJsonError(text, error as Error, t);
      }
      files.push(file);
    }
  }
  return files;
}

/** What is wrong with the files before anything is sent: JSON that does not parse, a name the platform refuses. */
export function checkProjectFiles(files: readonly ProjectFile[], t: Translate): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    if (file.parseError !== undefined) {
      findings.push(fault(file.file, '', 'bad_json', t('findings.bad_json', { reason: file.parseError })));
    } else if (file.kind === 'data' && !DATASET_NAME.test(file.name)) {
      findings.push(fault(file.file, '', 'bad_name', t('findings.bad_dataset_name')));
    } else if (file.kind === 'strings') {
      findings.push(...stringsFaults(file, t));
    }
  }
  return findings;
}

/** A locale file: named by its tag (en.json, pt-BR.json), an object of keys to texts. */
function stringsFaults(file: ProjectFile, t: Translate): Finding[] {
  if (!LOCALE_TAG.test(file.name)) {
    return [fault(file.file, '', 'bad_name', t('findings.strings_file_name'))];
  }
  const texts = file.json;
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) {
    return [fault(file.file, '', 'bad_root', t('findings.strings_root'))];
  }
  const faults: Finding[] = [];
  for (const [key, text] of Object.entries(texts)) {
    const pointer = appendPointer('', key);
    if (!STRING_KEY.test(key)) faults.push(fault(file.file, pointer, 'bad_key', t('findings.strings_key')));
    else if (typeof text !== 'string') {
      faults.push(fault(file.file, pointer, 'bad_text', t('findings.strings_text')));
    }
  }
  return faults;
}

/**
 * Each `${t.key}` of the screens that a locale file lacks (or every one, when there are none): a warning in the
 * screen's file at the text using it, as the platform reports it on deploy.
 */
export function missingStringFindings(
  screens: readonly ScreenFile[],
  files: readonly ProjectFile[],
  t: Translate,
): Finding[] {
  const locales = (filesOfKind(files, 'strings') ?? {}) as Record<string, Record<string, unknown>>;
  return screens.flatMap((screen) =>
    screen.parseError === undefined
      ? missingStrings(stringUses(screen.json), locales).map((binding) =>
          bindingFinding(screen.file, binding, t),
        )
      : [],
  );
}

/** The names of the project's datasets (data/<name>.json), which a screen's `GET /data/<name>` must name. */
export function datasetNames(files: readonly ProjectFile[]): string[] {
  return files.filter((file) => file.kind === 'data').map((file) => file.name);
}

/** The files of one kind as the deploy body carries them: `{"<name>": <JSON>}`, or undefined when none. */
export function filesOfKind(
  files: readonly ProjectFile[],
  kind: FileKind,
): Record<string, unknown> | undefined {
  const chosen = files.filter((file) => file.kind === kind);
  if (chosen.length === 0) return undefined;
  return Object.fromEntries(chosen.map((file) => [file.name, file.json]));
}
