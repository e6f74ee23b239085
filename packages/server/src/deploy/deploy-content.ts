// A deploy's content checked as one, for a deploy and a restore alike: the screens, the files beside them, the strings used.
import type { Platform } from '../platform.js';
import { hostedBytesExceeded } from '../quotas/refusals.js';
import type { CheckedFile } from './hosted-files.js';
import { checkFiles, reportMissingStrings } from './hosted-files-check.js';
import { type CheckedScreen, checkScreens, type DeployValidation, isRecord } from './screens-check.js';

export interface CheckedContent {
  screens: CheckedScreen[];
  files: CheckedFile[];
  validation: DeployValidation;
  /** How many unknown widget and action types the screens have, for the `deploy.created` webhook. */
  unknown: { widgets: number; actions: number };
}

/**
 * The screens and files ready to store, or the first refusal among them (bad_screens, bad_data, bad_strings…,
 * then `quota_exceeded` when together they hold more than `maxHostedBytes`).
 */
export function checkContent(
  content: { screens: unknown; data: unknown; strings: unknown },
  startPath: string | undefined,
  maxHostedBytes: number,
): CheckedContent {
  // The names only (their own checks come next): a screen's `GET /data/<name>` must name one the deploy carries.
  const datasets = isRecord(content.data) ? Object.keys(content.data) : [];
  const { screens, validation } = checkScreens(content.screens, startPath, datasets);
  const files = checkFiles(content);
  const bytes = hostedBytes(screens, files);
  if (bytes > maxHostedBytes) throw hostedBytesExceeded(bytes, maxHostedBytes);
  reportMissingStrings(screens, content.strings, validation);
  const unknown = { widgets: validation.unknownWidgets.length, actions: validation.unknownActions.length };
  return { screens, files, validation, unknown };
}

/** What one version hosts, in UTF-8 bytes as stored: each screen's path, title and JSON, and each file's JSON. */
function hostedBytes(screens: readonly CheckedScreen[], files: readonly CheckedFile[]): number {
  let total = 0;
  for (const screen of screens) {
    total +=
      Buffer.byteLength(screen.path) +
      Buffer.byteLength(screen.title ?? '') +
      Buffer.byteLength(screen.jsonText);
  }
  for (const file of files) total += file.bytes;
  return total;
}

/**
 * A deploy or a restore once its app is known and deployable: counted toward the app's deploys (so a stranger
 * cannot use up another app's quota, and bad deploys are throttled as well as good ones), then checked.
 */
export async function admitContent(
  platform: Platform,
  app: { id: string; startPath: string },
  content: { screens: unknown; data: unknown; strings: unknown },
): Promise<CheckedContent> {
  await platform.rateQuotas.consume('deploys_per_app', app.id);
  return checkContent(content, app.startPath, platform.config.quotas.hostedBytesPerApp);
}
