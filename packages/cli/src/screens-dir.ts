// Reads a folder of screen files: one JSON file per screen, its path from its place (`index.json` is `/`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { CliError } from './cli-error.js';
import { MANIFEST_FILE, type Manifest, readManifest } from './manifest.js';

export interface ScreenFile {
  /** Where the file is, as shown to the user (relative to the working directory). */
  file: string;
  /** The screen path the file deploys to. */
  path: string;
  /** The parsed JSON, or undefined when the file is not valid JSON (`parseError` says why). */
  json: unknown;
  parseError?: string;
  bytes: number;
}

export interface ScreensProject {
  dir: string;
  manifest: Manifest;
  manifestFile: string | undefined;
  screensDir: string;
  screens: ScreenFile[];
}

/** Files that live beside screens in a project folder and are never screens. */
const NOT_SCREENS = /^(miniapp|package|package-lock|tsconfig(\..*)?|biome|jsconfig)\.json$/;

export function readScreensProject(dir: string, cwd: string): ScreensProject {
  const root = resolve(cwd, dir);
  if (!isDirectory(root)) throw new CliError(`${dir} is not a folder.`, 1, 'no_folder');
  const { manifest, file } = readManifest(root);
  const screensDir = resolve(root, manifest.screens ?? '.');
  if (!isDirectory(screensDir)) {
    throw new CliError(
      `The screens folder ${relative(cwd, screensDir) || '.'} does not exist.`,
      1,
      'no_folder',
      [`"screens" in ${MANIFEST_FILE} is relative to the manifest.`],
    );
  }
  const screens = jsonFiles(screensDir, screensDir).map((absolute) => readScreen(absolute, screensDir, cwd));
  screens.sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path)));
  return { dir: root, manifest, manifestFile: file, screensDir, screens };
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

function readScreen(absolute: string, screensDir: string, cwd: string): ScreenFile {
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
    screen.parseError = describeJsonError(text, error as Error);
  }
  return screen;
}

function jsonFiles(dir: string, top: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...jsonFiles(full, top));
    else if (
      entry.isFile() &&
      entry.name.endsWith('.json') &&
      !(dir === top && NOT_SCREENS.test(entry.name))
    ) {
      found.push(full);
    }
  }
  return found;
}

/** JSON.parse names a character position; people want a line and a column. */
function describeJsonError(text: string, error: Error): string {
  const match = /at position (\d+)/.exec(error.message);
  if (!match) return error.message;
  const position = Number(match[1]);
  const before = text.slice(0, position).split('\n');
  const line = before.length;
  const column = (before[before.length - 1]?.length ?? 0) + 1;
  return `${error.message.replace(/ in JSON at position \d+.*$/, '')} (line ${line}, column ${column})`;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
