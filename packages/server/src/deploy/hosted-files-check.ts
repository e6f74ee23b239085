// Every file a deploy carries beside its screens, checked kind by kind and then against the deploy's total.

import { missingStrings, stringUses } from '@miniapps/schema';
import { checkDatasets } from './datasets-check.js';
import { assertFilesTotal, type CheckedFile } from './hosted-files.js';
import { type CheckedScreen, type DeployValidation, MAX_REPORTED } from './screens-check.js';
import { checkStrings } from './strings-check.js';

export function checkFiles(body: { data: unknown; strings: unknown }): CheckedFile[] {
  const files = [...checkDatasets(body.data), ...checkStrings(body.strings)];
  assertFilesTotal(files);
  return files;
}

/**
 * Adds to the validation each `${t.key}` of the screens that a locale of the deploy lacks (`missing_string`,
 * with the pointer of the text using it), as bindingErrors are reported: the deploy goes ahead.
 */
export function reportMissingStrings(
  screens: readonly CheckedScreen[],
  strings: unknown,
  validation: DeployValidation,
): void {
  const locales = (strings ?? {}) as Record<string, Record<string, unknown>>;
  const uses = screens.flatMap((screen, index) => stringUses(screen.json, `/screens/${index}/json`));
  const missing = missingStrings(uses, locales);
  const room = Math.max(0, MAX_REPORTED - validation.bindingErrors.length);
  validation.bindingErrors.push(...missing.slice(0, room));
  if (missing.length > room) {
    validation.omitted ??= {
      unknownWidgets: 0,
      unknownActions: 0,
      occurrences: 0,
      warnings: 0,
      bindingErrors: 0,
    };
    validation.omitted.bindingErrors += missing.length - room;
  }
}
