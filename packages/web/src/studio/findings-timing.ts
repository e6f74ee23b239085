// When the editor works out its findings, shared with `npm run bench:studio`, which measures them.

/** Findings follow typing this soon after the last keystroke. */
export const LINT_DELAY_MS = 150;
/** The user-timing mark each findings pass starts with (seen in a browser's performance profile too). */
export const FINDINGS_MARK = 'studio-findings';
