// Checks a deploy's strings (`strings: {"<locale>": {"<key>": "<text>"}}`): tags, keys, texts; bad_strings.
import { stringsFaults } from '@miniapps/schema';
import { type CheckedFile, refuseFiles, storedFile } from './hosted-files.js';

/** Each locale as a file ready to store, in the deploy's order (the first is the app's default). */
export function checkStrings(strings: unknown): CheckedFile[] {
  if (strings === undefined || strings === null) return [];
  const faults = stringsFaults(strings);
  // The details keep the contract's `{pointer, problem}`.
  if (faults.length > 0)
    refuseFiles(
      'bad_strings',
      faults.map(({ pointer, problem }) => ({ pointer, problem })),
    );
  return Object.entries(strings as Record<string, unknown>).map(([locale, texts]) =>
    storedFile('strings', locale, texts),
  );
}
