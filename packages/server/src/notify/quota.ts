// The push quota's day (the quota itself, 2 pushes per user per app per UTC calendar day, is the contract's DAILY_PUSH_QUOTA).
/** The quota day of a moment: its UTC calendar date, `YYYY-MM-DD`. Every user shares this day boundary. */
export function quotaDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
