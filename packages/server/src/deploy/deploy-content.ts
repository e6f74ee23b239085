// A deploy's content checked as one, for a deploy and a restore alike: the screens, the files beside them, the strings used.
import type { CheckedFile } from './hosted-files.js';
import { checkFiles, reportMissingStrings } from './hosted-files-check.js';
import { type CheckedScreen, checkScreens, type DeployValidation } from './screens-check.js';

export interface CheckedContent {
  screens: CheckedScreen[];
  files: CheckedFile[];
  validation: DeployValidation;
  /** How many unknown widget and action types the screens have, for the `deploy.created` webhook. */
  unknown: { widgets: number; actions: number };
}

/** The screens and files ready to store, or the first refusal among them (bad_screens, bad_data, bad_strings…). */
export function checkContent(
  content: { screens: unknown; data: unknown; strings: unknown },
  startPath?: string,
): CheckedContent {
  const { screens, validation } = checkScreens(content.screens, startPath);
  const files = checkFiles(content);
  reportMissingStrings(screens, content.strings, validation);
  const unknown = { widgets: validation.unknownWidgets.length, actions: validation.unknownActions.length };
  return { screens, files, validation, unknown };
}
