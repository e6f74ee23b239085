// A JSON file of a project as the CLI read it, and where its JSON went wrong in words a person can act on.
import { english, type Translate } from './i18n/messages.js';

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

/** People want a line and a column; JSON.parse gives a character offset at best. */
export function describeJsonError(text: string, error: Error, t: Translate = english): string {
  const offset = errorOffset(text, error);
  const reason = error.message
    .replace(/ in JSON at position \d+.*$/, '')
    .replace(/, .*" is not valid JSON$/s, '');
  if (offset === undefined) return reason;
  const before = text.slice(0, offset).split('\n');
  const column = (before[before.length - 1]?.length ?? 0) + 1;
  return t('screens.json_at', { reason, line: before.length, column });
}

/**
 * V8 names the position for most errors but not for "Unexpected token"; then the first bad character is found by
 * bisection: every prefix before it is merely incomplete JSON, every prefix containing it is wrong.
 */
function errorOffset(text: string, error: Error): number | undefined {
  const stated = /at position (\d+)/.exec(error.message);
  if (stated) return Number(stated[1]);
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (isIncomplete(text.slice(0, middle))) low = middle + 1;
    else high = middle;
  }
  return low > 0 ? low - 1 : undefined;
}

function isIncomplete(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (/end of JSON input|Unterminated string/.test(message)) return true;
    const position = /at position (\d+)/.exec(message);
    return position !== null && Number(position[1]) >= prefix.length;
  }
}
