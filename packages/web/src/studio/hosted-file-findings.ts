// The deploy's faults in a data file or the strings, found as the user types, each at its characters, in their language.
import { MAX_DATASET_BYTES, MAX_LOCALES, MAX_STRING_KEYS, MAX_STRING_TEXT } from '@miniapps/contract';
import { datasetSizeFault, type HostedFileFault, stringsFaults } from '@miniapps/schema';
import type { MessageKey } from '../i18n/language.js';
import { pointerRanges, rangeOfPointer } from './pointer-ranges.js';
import type { Finding, Translate } from './screen-findings.js';

const said: Record<HostedFileFault['code'], MessageKey> = {
  dataset_name: 'studio.files.fault.datasetName',
  dataset_size: 'studio.files.fault.datasetSize',
  strings_shape: 'studio.files.fault.stringsShape',
  locales_count: 'studio.files.fault.localesCount',
  locale_tag: 'studio.files.fault.localeTag',
  locale_shape: 'studio.files.fault.localeShape',
  keys_count: 'studio.files.fault.keysCount',
  string_key: 'studio.files.fault.stringKey',
  text_type: 'studio.files.fault.textType',
  text_length: 'studio.files.fault.textLength',
};

const limits = {
  dataBytes: MAX_DATASET_BYTES,
  locales: MAX_LOCALES,
  keys: MAX_STRING_KEYS,
  characters: MAX_STRING_TEXT,
};

/** A fault as its user reads it: the last step of its pointer named, the figure and the limit given. */
export function faultMessage(fault: HostedFileFault, t: Translate): string {
  const steps = fault.pointer.split('/');
  const name = (steps.at(-1) ?? '').replaceAll('~1', '/').replaceAll('~0', '~');
  return t(said[fault.code], { name, count: fault.count ?? 0, ...limits });
}

/** The findings of a text whose root is at `root` in the deploy's body; a text that is not JSON gives none. */
function findingsAt(text: string, root: string, faults: (json: unknown) => HostedFileFault[], t: Translate) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const ranges = pointerRanges(text);
  return faults(json).map(
    (fault): Finding => ({
      ...(rangeOfPointer(ranges, fault.pointer.slice(root.length)) ?? {
        from: 0,
        to: Math.min(1, text.length),
      }),
      severity: 'error',
      message: faultMessage(fault, t),
    }),
  );
}

/** A data file's findings: its size (its name is checked where it is typed). */
export const dataFileFindings = (name: string) => (text: string, t: Translate) =>
  findingsAt(
    text,
    `/data/${name}`,
    (json) => {
      const fault = datasetSizeFault(name, new TextEncoder().encode(JSON.stringify(json)).length);
      return fault ? [{ ...fault, pointer: `/data/${name}` }] : [];
    },
    t,
  );

/** The strings' findings: locale tags, keys, texts and their counts. */
export const stringsFindings = (text: string, t: Translate) => findingsAt(text, '/strings', stringsFaults, t);
