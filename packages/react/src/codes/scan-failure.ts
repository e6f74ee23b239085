// Why a scan ended without a code: each reason has its own message in the user's language.

export type ScanProblem = 'denied' | 'no_camera' | 'timeout' | 'failed';

/** A scan that did not read a code; `detail` is the browser's or host's own words, when it had some. */
export class ScanFailure extends Error {
  override name = 'ScanFailure';
  constructor(
    readonly problem: ScanProblem,
    readonly detail = '',
  ) {
    super(`scan ${problem}${detail ? `: ${detail}` : ''}`);
  }
}

/** What getUserMedia's rejection means to the user: refused, no camera at all, or something else. */
export function cameraFailure(error: unknown): ScanFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return new ScanFailure('denied', detail);
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return new ScanFailure('no_camera', detail);
  }
  return new ScanFailure('failed', detail);
}
