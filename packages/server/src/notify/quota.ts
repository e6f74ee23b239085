// The push quota: 2 pushes per user per app per UTC calendar day (docs/contract.md "Limits").
export const DAILY_QUOTA = 2;

/** The quota day of a moment: its UTC calendar date, `YYYY-MM-DD`. Every user shares this day boundary. */
export function quotaDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
