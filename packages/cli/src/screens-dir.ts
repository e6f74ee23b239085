// Reads a folder of screen files: one JSON file per screen, its path from its place (`index.json` is `/`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { CliError } from './cli-error.js';
import { english, type Translate } from './i18n/messages.js';
import { describeJsonError, type ScreenFile } from './json-file.js';
import { MANIFEST_FILE, type Manifest, readManifest } from './manifest.js';
import { FILE_FOLDERS, type ProjectFile, readProjectFiles } from './project-files.js';

export interface ScreensProject {
  dir: string;
  manifest: Manifest;
  manifestFile: string | undefined;
  screensDir: string;
  screens: ScreenFile[];
  /** Datasets and strings beside the screens (data/, strings/ next to miniapp.json). */
  files: ProjectFile[];
}

/** Files that live beside screens in a project folder and are never screens. */
const NOT_SCREENS = /^(miniapp|package|package-lock|tsconfig(\..*)?|biome|jsconfig)\.json$/;

export function readScreensProject(dir: string, cwd: string, t: Translate = english): ScreensProject {
  const root = resolve(cwd, dir);
  if (!isDirectory(root)) throw new CliError(t('screens.not_folder', { dir }), 1, 'no_folder');
  const { manifest, file } = readManifest(root, t);
  const screensDir = resolve(root, manifest.screens ?? '.');
  if (!isDirectory(screensDir)) {
    throw new CliError(
      t('screens.no_screens_dir', { dir: relative(cwd, screensDir) || '.' }),
      1,
      'no_folder',
      [t('screens.no_screens_dir_hint', { manifest: MANIFEST_FILE })],
    );
  }
  // data/ and strings/ beside the manifest are files of the app, not screens, even when the screens are the root.
  const skipped = new Set(FILE_FOLDERS.map((folder) => resolve(root, folder)));
  const screens = jsonFiles(screensDir, screensDir, skipped).map((absolute) =>
    readScreen(absolute, screensDir, cwd, t),
  );
  screens.sort(byPathThenFile);
  return {
    dir: root,
    manifest,
    manifestFile: file,
    screensDir,
    screens,
    files: readProjectFiles(root, cwd, t),
  };
}

/** `/` first, then by path; files that claim the same path in a stable order, so the same one is reported. */
function byPathThenFile(a: ScreenFile, b: ScreenFile): number {
  if (a.path !== b.path) return a.path === '/' ? -1 : b.path === '/' ? 1 : a.path < b.path ? -1 : 1;
  return a.file < b.file ? -1 : 1;
}

/** `index.json` → `/`, `about.json` → `/about`, `news/index.json` → `/news`, `news/today.json` → `/news/today`. */
export function screenPathOf(relativeFile: string): string {
  const segments = relativeFile
    .split(sep)
    .join('/')
    .replace(/\.json$/, '')
    .split('/');
  if (segments[segments.length - 1] === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

function readScreen(absolute: string, screensDir: string, cwd: string, t: Translate): ScreenFile {
  const text = readFileSync(absolute, 'utf8');
  const screen: ScreenFile = {
    file: relative(cwd, absolute) || absolute,
    path: screenPathOf(relative(screensDir, absolute)),
    json: undefined,
    bytes: Buffer.byteLength(text),
  };
  try {
    screen.json = JSON.parse(text);
  } catch (error) {
    screen.parseError = describeJsonError(text, error as Error, t);
  }
  return screen;
}

function jsonFiles(dir: string, top: string, skipped: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(full)) found.push(...jsonFiles(full, top, skipped));
    } else if (
      entry.isFile() &&
      entry.name.endsWith('.json') &&
      !(dir === top && NOT_SCREENS.test(entry.name))
    ) {
      found.push(full);
    }
  }
  return found;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
