// The one error type commands throw: a message for people, an exit code, and the platform's code when it has one.

/** Exit codes: 1 a failure (refused, invalid, unreachable), 2 a usage mistake (unknown option, missing value). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    /** The platform's error code (`invalid_token`…) or a local one (`bad_json`, `unreachable`…). */
    readonly code: string = 'error',
    /** Extra lines printed under the message (one per finding, fault or hint). */
    readonly lines: readonly string[] = [],
    /** Machine-readable details for `--json`. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string, hint?: string): CliError {
  return new CliError(message, EXIT.usage, 'usage', hint ? [hint] : []);
}
