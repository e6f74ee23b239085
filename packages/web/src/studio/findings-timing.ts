// When the editor works out its findings, shared with `npm run bench:studio`, which measures them.

/** Findings follow typing this soon after the last keystroke: a pass costs ~15 ms on a 16 KB screen, so one per
 * keystroke keeps typing fluid and findings within 50 ms of the key (bench/RESULTS.md, "Screen studio"). */
export const LINT_DELAY_MS = 20;
/** The user-timing mark each findings pass starts with (seen in a browser's performance profile too). */
export const FINDINGS_MARK = 'studio-findings';
