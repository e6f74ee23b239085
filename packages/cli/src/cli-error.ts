// The one error type commands throw: a text for people, an exit code, and the platform's code when it has one.
import { english, render, type Text } from './i18n/messages.js';

/**
 * Exit codes: 1 a failure (refused, invalid, unreachable), 2 a usage mistake (unknown option, missing value),
 * 130 stopped by Ctrl-C (128 + SIGINT, as shells report it).
 */
export const EXIT = { ok: 0, failure: 1, usage: 2, interrupted: 130 } as const;

export class CliError extends Error {
  constructor(
    /** Shown in the reader's language when reported; `message` holds the English for logs and stacks. */
    readonly text: Text,
    readonly exitCode: number = EXIT.failure,
    /** The platform's error code (`invalid_token`…) or a local one (`bad_json`, `unreachable`…). */
    readonly code: string = 'error',
    /** Extra lines printed under the message (one per finding, fault or hint). */
    readonly lines: readonly Text[] = [],
    /** Machine-readable details for `--json`. */
    readonly details?: unknown,
  ) {
    super(render(english, text));
    this.name = 'CliError';
  }
}

export function usageError(message: Text, hint?: Text): CliError {
  return new CliError(message, EXIT.usage, 'usage', hint ? [hint] : []);
}
