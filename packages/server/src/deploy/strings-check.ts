// Checks a deploy's strings (`strings: {"<locale>": {"<key>": "<text>"}}`): tags, keys, texts; bad_strings.
import { MAX_LOCALES, MAX_STRING_KEYS, MAX_STRING_TEXT } from '@miniapps/contract';
import { appendPointer, LOCALE_TAG, STRING_KEY } from '@miniapps/schema';
import { type CheckedFile, type FileFault, refuseFiles, storedFile } from './hosted-files.js';
import { isRecord } from './screens-check.js';

function refuse(faults: FileFault[]): never {
  refuseFiles('bad_strings', faults);
}

function localeFaults(locale: string, texts: unknown): FileFault[] {
  const at = appendPointer('/strings', locale);
  const faults: FileFault[] = [];
  if (!LOCALE_TAG.test(locale)) {
    faults.push({
      pointer: at,
      problem: 'is not a locale tag: a language such as en or ru, or with a region: pt-BR',
    });
  }
  if (!isRecord(texts)) return [...faults, { pointer: at, problem: 'must be an object {"<key>": "<text>"}' }];
  const keys = Object.keys(texts);
  if (keys.length > MAX_STRING_KEYS) {
    faults.push({
      pointer: at,
      problem: `holds ${keys.length} keys; a locale holds at most ${MAX_STRING_KEYS}`,
    });
  }
  for (const key of keys) {
    const pointer = appendPointer(at, key);
    if (!STRING_KEY.test(key)) {
      faults.push({ pointer, problem: 'is not a key: a letter, then up to 63 letters, digits or _' });
    }
    const text = texts[key];
    if (typeof text !== 'string') faults.push({ pointer, problem: 'must be a string' });
    else if (text.length > MAX_STRING_TEXT) {
      faults.push({
        pointer,
        problem: `is ${text.length} characters long; a text is at most ${MAX_STRING_TEXT}`,
      });
    }
    if (faults.length > 100) break;
  }
  return faults;
}

/** Each locale as a file ready to store, in the deploy's order (the first is the app's default). */
export function checkStrings(strings: unknown): CheckedFile[] {
  if (strings === undefined || strings === null) return [];
  if (!isRecord(strings)) {
    refuse([{ pointer: '/strings', problem: 'must be an object {"<locale>": {"<key>": "<text>"}}' }]);
  }
  const locales = Object.keys(strings);
  if (locales.length > MAX_LOCALES) {
    refuse([
      { pointer: '/strings', problem: `holds ${locales.length} locales; an app has at most ${MAX_LOCALES}` },
    ]);
  }
  const faults = locales.flatMap((locale) => localeFaults(locale, strings[locale]));
  if (faults.length > 0) refuse(faults);
  return locales.map((locale) => storedFile('strings', locale, strings[locale]));
}
