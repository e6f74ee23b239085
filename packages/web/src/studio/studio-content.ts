// What the studio edits: the app's screens, data files and strings as texts, and the save body made from them.
import type { Revision } from '@miniapps/contract';

export interface ScreenText {
  /** Stable while the path is renamed, so the editor keeps its history. */
  id: number;
  path: string;
  title?: string | undefined;
  text: string;
}

/** One dataset (`api/data/<name>`) as its JSON text. */
export interface DataFileText {
  /** Stable while the name is renamed, so the editor keeps its history. */
  id: number;
  name: string;
  text: string;
}

/** Everything one save sends: the screens, the data files, and the strings of every locale as one JSON text. */
export interface StudioContent {
  screens: ScreenText[];
  data: DataFileText[];
  strings: string;
}

let nextId = 0;
export const newTextId = () => nextId++;

const jsonText = (json: unknown) => `${JSON.stringify(json, null, 2)}\n`;

export const screenText = (path: string, json: unknown, title?: string): ScreenText => ({
  id: newTextId(),
  path,
  title,
  text: jsonText(json),
});

export const dataFileText = (name: string, json: unknown): DataFileText => ({
  id: newTextId(),
  name,
  text: jsonText(json),
});

/** The editable content of a revision (none for an app never deployed: the caller gives its first screen). */
export function revisionContent(
  revision: {
    [K in 'screens' | 'data' | 'strings']?: Revision[K] | undefined;
  },
): StudioContent {
  return {
    screens: (revision.screens ?? []).map((item) => screenText(item.path, item.json, item.title)),
    data: Object.entries(revision.data ?? {}).map(([name, json]) => dataFileText(name, json)),
    strings: jsonText(revision.strings ?? {}),
  };
}

export function parsedObject(text: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** What decides whether there is anything unsaved: the texts and their names, not the editors' ids. */
export function contentSnapshot(content: StudioContent): string {
  return JSON.stringify([
    content.screens.map((s) => [s.path, s.title, s.text]),
    content.data.map((d) => [d.name, d.text]),
    content.strings,
  ]);
}

/** The first text that cannot be sent, so the save names it rather than send half a content. */
export type Unsendable =
  | { kind: 'screen'; path: string }
  | { kind: 'data'; name: string }
  | { kind: 'dataTwice'; name: string }
  | { kind: 'strings' };

type SaveParts = {
  screens: { path: string; title?: string; json: Record<string, unknown> }[];
  data?: Record<string, unknown>;
  strings?: Record<string, unknown>;
};

/** The save body's content, or the first text that is not JSON of the right kind. */
export function saveParts(content: StudioContent): SaveParts | Unsendable {
  const screens: SaveParts['screens'] = [];
  for (const screen of content.screens) {
    const json = parsedObject(screen.text);
    if (!json) return { kind: 'screen', path: screen.path };
    screens.push({ path: screen.path, ...(screen.title !== undefined && { title: screen.title }), json });
  }
  const data: Record<string, unknown> = {};
  for (const file of content.data) {
    if (Object.hasOwn(data, file.name)) return { kind: 'dataTwice', name: file.name };
    try {
      data[file.name] = JSON.parse(file.text);
    } catch {
      return { kind: 'data', name: file.name };
    }
  }
  const strings = parsedObject(content.strings);
  if (!strings) return { kind: 'strings' };
  return {
    screens,
    ...(content.data.length > 0 && { data }),
    ...(Object.keys(strings).length > 0 && { strings }),
  };
}

export const isUnsendable = (parts: SaveParts | Unsendable): parts is Unsendable => 'kind' in parts;

/** The data files and strings as the preview serves them: each text that parses (a broken one is left out). */
export function previewFiles(content: Pick<StudioContent, 'data' | 'strings'>): {
  data: Record<string, unknown> | undefined;
  strings: Revision['strings'];
} {
  const data: Record<string, unknown> = {};
  for (const file of content.data) {
    try {
      data[file.name] ??= JSON.parse(file.text);
    } catch {
      // Left out until it parses again: the preview draws the rest.
    }
  }
  const strings = parsedObject(content.strings) as Revision['strings'];
  return { data: content.data.length > 0 ? data : undefined, strings };
}
