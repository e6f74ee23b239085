// Where the studio's preview gets an app from: the editor's screens, the app's datasets and strings, calls held.
import { DATASET_PATH, type Revision } from '@miniapps/contract';
import {
  type AppResponses,
  type AppStrings,
  HostError,
  type ResponseAggregates,
  type ScreenSource,
  type StoredResponse,
} from '@miniapps/host';

/** A call the preview kept instead of sending: what the app's origin (or the platform) would have received. */
export interface HeldCall {
  method: string;
  url: string;
  body?: unknown;
}

export interface PreviewFiles {
  /** The last screens that parsed, by path. */
  screens: ReadonlyMap<string, unknown>;
  /** The app's datasets, answered at `GET /data/<name>` as the platform's proxy does. */
  data: Revision['data'];
  /** The app's strings by locale, the default first. */
  strings: Revision['strings'];
  /** The preview's language (`en`, `ru`): picks the locale of `${t.key}`. */
  language: string;
  /** Values every screen's `state` starts with (over the screen's own), so bindings show something. */
  sampleState: Record<string, unknown>;
}

/** Texts the source answers with, in the console's language. */
export interface SourceTexts {
  noScreen(path: string): string;
  noDataset(name: string): string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** As the platform picks for a user's language: the same tag, else the same language, else the first locale. */
function previewStrings(strings: PreviewFiles['strings'], language: string): AppStrings {
  const locales = Object.keys(strings ?? {});
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  const chosen =
    locales.find((tag) => tag.toLowerCase() === language.toLowerCase()) ??
    locales.find((tag) => primary(tag) === primary(language)) ??
    locales[0];
  if (chosen === undefined || strings === undefined) return { locale: null, locales, strings: {} };
  return { locale: chosen, locales, strings: strings[chosen] ?? {} };
}

/** A collection that keeps nothing: a submission is held like any call, and the aggregates are empty. */
function heldResponses(hold: (call: HeldCall) => void): AppResponses {
  const stored = (id: string, values: StoredResponse['values']): StoredResponse => {
    const now = new Date().toISOString();
    return { id, createdAt: now, updatedAt: now, values };
  };
  return {
    submit: async (name, values) => {
      hold({ method: 'POST', url: `responses/${name}`, body: values });
      return stored('preview', values);
    },
    edit: async (name, id, values) => {
      hold({ method: 'PUT', url: `responses/${name}/${id}`, body: values });
      return stored(id, values);
    },
    aggregates: async (): Promise<ResponseAggregates> => ({
      count: 0,
      left: null,
      closed: false,
      counts: {},
      mine: null,
    }),
  };
}

/**
 * The preview's source: nothing leaves the page. Screens come from the editor with the sample state laid over
 * their own `state`; a dataset is answered from the app's files; every other call is held and answered `{}`.
 */
export function previewSource(
  files: PreviewFiles,
  texts: SourceTexts,
  hold: (call: HeldCall) => void,
): ScreenSource {
  return {
    loadScreen: async (path) => {
      const screen = files.screens.get(path);
      if (screen === undefined) throw new HostError('not_found', texts.noScreen(path), { status: 404 });
      if (!isObject(screen) || Object.keys(files.sampleState).length === 0) return screen;
      const own = isObject(screen.state) ? screen.state : {};
      return { ...screen, state: { ...own, ...files.sampleState } };
    },
    request: async (call) => {
      const name = call.method === 'GET' ? DATASET_PATH.exec(call.url.split('?')[0] ?? '')?.[1] : undefined;
      if (name !== undefined) {
        const data = files.data ?? {};
        if (!Object.hasOwn(data, name))
          throw new HostError('dataset_not_found', texts.noDataset(name), { status: 404 });
        return data[name];
      }
      hold({ method: call.method, url: call.url, ...(call.body !== undefined && { body: call.body }) });
      return {};
    },
    strings: async () => previewStrings(files.strings, files.language),
    responses: heldResponses(hold),
  };
}
