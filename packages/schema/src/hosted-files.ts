// The shape a hosted app's datasets and strings must have, fault by fault: the deploy refuses on them, the studio shows them.
import {
  DATASET_NAME,
  MAX_DATASET_BYTES,
  MAX_LOCALES,
  MAX_STRING_KEYS,
  MAX_STRING_TEXT,
} from '@miniapps/contract';
import { appendPointer } from './pointer.js';
import { LOCALE_TAG, STRING_KEY } from './strings.js';

/** What is wrong, so a client can say it in its user's language; `problem` is the deploy's English wording. */
export type HostedFileFaultCode =
  | 'dataset_name'
  | 'dataset_size'
  | 'strings_shape'
  | 'locales_count'
  | 'locale_tag'
  | 'locale_shape'
  | 'keys_count'
  | 'string_key'
  | 'text_type'
  | 'text_length';

export interface HostedFileFault {
  /** RFC 6901 pointer into the deploy's body (`/data/<name>`, `/strings/<locale>/<key>`). */
  pointer: string;
  code: HostedFileFaultCode;
  /** The figure measured, where the fault is one of size or count. */
  count?: number;
  problem: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A dataset's name that is not one: 1 to 64 of a-z 0-9 _ -. */
export function datasetNameFault(name: string): HostedFileFault | undefined {
  if (DATASET_NAME.test(name)) return undefined;
  return {
    pointer: appendPointer('/data', name),
    code: 'dataset_name',
    problem: 'is not a dataset name: 1 to 64 of a-z 0-9 _ -',
  };
}

/** A dataset whose stored JSON (`bytes` of it) is past its limit. */
export function datasetSizeFault(name: string, bytes: number): HostedFileFault | undefined {
  if (bytes <= MAX_DATASET_BYTES) return undefined;
  return {
    pointer: appendPointer('/data', name),
    code: 'dataset_size',
    count: bytes,
    problem: `is ${bytes} bytes of JSON; a dataset is at most ${MAX_DATASET_BYTES} (512 KB)`,
  };
}

function localeFaults(locale: string, texts: unknown): HostedFileFault[] {
  const at = appendPointer('/strings', locale);
  const faults: HostedFileFault[] = [];
  if (!LOCALE_TAG.test(locale)) {
    faults.push({
      pointer: at,
      code: 'locale_tag',
      problem: 'is not a locale tag: a language such as en or ru, or with a region: pt-BR',
    });
  }
  if (!isRecord(texts)) {
    return [
      ...faults,
      { pointer: at, code: 'locale_shape', problem: 'must be an object {"<key>": "<text>"}' },
    ];
  }
  const keys = Object.keys(texts);
  if (keys.length > MAX_STRING_KEYS) {
    faults.push({
      pointer: at,
      code: 'keys_count',
      count: keys.length,
      problem: `holds ${keys.length} keys; a locale holds at most ${MAX_STRING_KEYS}`,
    });
  }
  for (const key of keys) {
    const pointer = appendPointer(at, key);
    if (!STRING_KEY.test(key)) {
      faults.push({
        pointer,
        code: 'string_key',
        problem: 'is not a key: a letter, then up to 63 letters, digits or _',
      });
    }
    const text = texts[key];
    if (typeof text !== 'string') faults.push({ pointer, code: 'text_type', problem: 'must be a string' });
    else if (text.length > MAX_STRING_TEXT) {
      faults.push({
        pointer,
        code: 'text_length',
        count: text.length,
        problem: `is ${text.length} characters long; a text is at most ${MAX_STRING_TEXT}`,
      });
    }
    if (faults.length > 100) break;
  }
  return faults;
}

/** Every fault of a deploy's strings (`{"<locale>": {"<key>": "<text>"}}`); none when absent. */
export function stringsFaults(strings: unknown): HostedFileFault[] {
  if (strings === undefined || strings === null) return [];
  if (!isRecord(strings)) {
    return [
      {
        pointer: '/strings',
        code: 'strings_shape',
        problem: 'must be an object {"<locale>": {"<key>": "<text>"}}',
      },
    ];
  }
  const locales = Object.keys(strings);
  if (locales.length > MAX_LOCALES) {
    return [
      {
        pointer: '/strings',
        code: 'locales_count',
        count: locales.length,
        problem: `holds ${locales.length} locales; an app has at most ${MAX_LOCALES}`,
      },
    ];
  }
  return locales.flatMap((locale) => localeFaults(locale, strings[locale]));
}
