// The users each app's day already has in the database, so a flush inserts only the new ones.
import type { Tallies } from './usage-buffer.js';

/** Above this many remembered ids (all days and apps) the memory is dropped: inserting again is correct, only slower. */
const MAX_REMEMBERED = 1_000_000;

/**
 * Without this, every flush would insert every user active in the last second again (ignored as duplicates,
 * but written): with thousands of users a second that is a visible share of the proxy's own process.
 */
export class WrittenUsers {
  private days = new Map<string, Map<string, Set<string>>>();
  private size = 0;

  /** Removes from the tallies the users already written for their app and day. */
  dropWritten(tallies: Tallies): void {
    for (const [day, apps] of tallies) {
      const known = this.days.get(day);
      if (known === undefined) continue;
      for (const [appId, tally] of apps) {
        const users = known.get(appId);
        if (users === undefined) continue;
        for (const user of tally.users) if (users.has(user)) tally.users.delete(user);
      }
    }
  }

  /** Remembers the tallies' users as written; keeps only `fromDay` and later. */
  remember(tallies: Tallies, fromDay: string): void {
    for (const day of this.days.keys()) {
      if (day < fromDay) {
        for (const users of this.days.get(day)!.values()) this.size -= users.size;
        this.days.delete(day);
      }
    }
    for (const [day, apps] of tallies) {
      if (day < fromDay) continue;
      let known = this.days.get(day);
      if (known === undefined) {
        known = new Map();
        this.days.set(day, known);
      }
      for (const [appId, tally] of apps) {
        let users = known.get(appId);
        if (users === undefined) {
          users = new Set();
          known.set(appId, users);
        }
        for (const user of tally.users) {
          if (!users.has(user)) {
            users.add(user);
            this.size++;
          }
        }
      }
    }
    if (this.size > MAX_REMEMBERED) {
      this.days.clear();
      this.size = 0;
    }
  }
}
