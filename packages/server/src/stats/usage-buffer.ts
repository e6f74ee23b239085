// The per-process tally of proxy usage, by UTC day and app, kept in memory between flushes to the database.
import { latencyBucket } from './latency-histogram.js';

/** What one app saw on one day, since the last flush. */
export interface Tally {
  opens: number;
  screenViews: number;
  /** Api calls by status class: index 1 = 1xx … 5 = 5xx. */
  apiByClass: number[];
  /** Proxy errors by the code answered. */
  errors: Map<string, number>;
  /** Latency histogram: bucket → requests (latency-histogram.ts). */
  latency: Map<number, number>;
  /** Users first seen this day since the last flush: real ids, made the app's pseudonymous ids when written. */
  users: string[];
}

/** day (YYYY-MM-DD, UTC) → app id → tally. */
export type Tallies = Map<string, Map<string, Tally>>;

/** One proxied request, as the pipeline reports it once answered. */
export interface ProxyUse {
  appId: string;
  userId: string;
  kind: 'screen' | 'api';
  /** A load of the app's start screen. */
  opened: boolean;
  status: number;
  /** The error code answered, when the proxy refused or the origin failed. */
  error: string | undefined;
  /** Time spent on the origin (or the store, or the service function), in ms. */
  ms: number;
}

/** One UTC day: the stats' days are calendar days in UTC, which have no leap seconds or DST. */
export const DAY_MS = 86_400_000;

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function newTally(): Tally {
  return {
    opens: 0,
    screenViews: 0,
    apiByClass: [0, 0, 0, 0, 0, 0],
    errors: new Map(),
    latency: new Map(),
    users: [],
  };
}

/** One app's day: its counts since the last flush, and every user seen this day (kept across flushes). */
interface AppDay {
  tally: Tally;
  touched: boolean;
  seen: Set<string>;
}

/**
 * Users remembered across apps and days; above this a day forgets its users (each is then written again with
 * the next flush, which is correct, only slower) rather than let memory grow without bound.
 */
const MAX_SEEN = 1_000_000;

function addTo<K>(map: Map<K, number>, key: K, count: number): void {
  map.set(key, (map.get(key) ?? 0) + count);
}

/**
 * Counting is a few map lookups and additions on the request's own turn, nothing awaited: the proxy's
 * hot path pays no I/O for it. The current day's map is kept at hand, so only a new day costs a Date. A user
 * is handed to the writer once a day: a flush inserts only users it has not inserted before (re-inserting
 * every active user each second cost the proxy a visible share of its throughput).
 */
export class UsageBuffer {
  private days = new Map<string, Map<string, AppDay>>();
  private day = '';
  private dayEnds = 0;
  private today: Map<string, AppDay> | undefined;
  private seenCount = 0;
  private pending = false;

  record(now: number, use: ProxyUse): void {
    if (this.today === undefined || now >= this.dayEnds || now < this.dayEnds - DAY_MS) this.turnDay(now);
    const entry = this.entry(this.today!, use.appId);
    entry.touched = true;
    this.pending = true;
    const tally = entry.tally;
    if (!entry.seen.has(use.userId)) {
      entry.seen.add(use.userId);
      tally.users.push(use.userId);
      if (++this.seenCount > MAX_SEEN) this.forgetSeen();
    }
    // A 304 is a screen the user's cache still held and now shows (docs/decisions.md "Cacheable answers"): a view too.
    const okay = (use.status >= 200 && use.status < 300) || use.status === 304;
    if (use.kind === 'screen') {
      if (okay) {
        tally.screenViews++;
        if (use.opened) tally.opens++;
      }
    } else {
      const statusClass = Math.floor(use.status / 100);
      if (statusClass >= 1 && statusClass <= 5) tally.apiByClass[statusClass]!++;
    }
    if (use.error !== undefined) addTo(tally.errors, use.error, 1);
    addTo(tally.latency, latencyBucket(use.ms), 1);
  }

  /** Whether anything waits to be written. */
  get empty(): boolean {
    return !this.pending;
  }

  /** Hands over everything counted so far and starts afresh (the days' users stay known). */
  take(): Tallies {
    const taken: Tallies = new Map();
    for (const [day, apps] of this.days) {
      for (const [appId, entry] of apps) {
        if (!entry.touched) continue;
        let out = taken.get(day);
        if (out === undefined) {
          out = new Map();
          taken.set(day, out);
        }
        out.set(appId, entry.tally);
        entry.tally = newTally();
        entry.touched = false;
      }
    }
    this.pending = false;
    // Days before yesterday take no more requests: what they counted was just taken, their users can go.
    const yesterday = utcDay(this.dayEnds - 2 * DAY_MS);
    for (const [day, apps] of this.days) {
      if (day >= yesterday || this.today === undefined) continue;
      for (const entry of apps.values()) this.seenCount -= entry.seen.size;
      this.days.delete(day);
    }
    return taken;
  }

  /** Adds tallies that could not be written back in, to go with the next flush (counts are sums: order is free). */
  restore(taken: Tallies): void {
    for (const [day, apps] of taken) {
      let mine = this.days.get(day);
      if (mine === undefined) {
        mine = new Map();
        this.days.set(day, mine);
      }
      for (const [appId, tally] of apps) {
        const entry = this.entry(mine, appId);
        mergeTally(entry.tally, tally);
        for (const user of tally.users) {
          if (!entry.seen.has(user)) {
            entry.seen.add(user);
            this.seenCount++;
          }
        }
        entry.touched = true;
        this.pending = true;
      }
    }
  }

  private entry(apps: Map<string, AppDay>, appId: string): AppDay {
    let entry = apps.get(appId);
    if (entry === undefined) {
      entry = { tally: newTally(), touched: false, seen: new Set() };
      apps.set(appId, entry);
    }
    return entry;
  }

  private forgetSeen(): void {
    for (const apps of this.days.values()) for (const entry of apps.values()) entry.seen.clear();
    this.seenCount = 0;
  }

  private turnDay(now: number): void {
    this.day = utcDay(now);
    this.dayEnds = Date.parse(`${this.day}T00:00:00.000Z`) + DAY_MS;
    let today = this.days.get(this.day);
    if (today === undefined) {
      today = new Map();
      this.days.set(this.day, today);
    }
    this.today = today;
  }
}

function mergeTally(into: Tally, from: Tally): void {
  into.opens += from.opens;
  into.screenViews += from.screenViews;
  from.apiByClass.forEach((count, i) => {
    into.apiByClass[i]! += count;
  });
  for (const [code, count] of from.errors) addTo(into.errors, code, count);
  for (const [bucket, count] of from.latency) addTo(into.latency, bucket, count);
  into.users.push(...from.users);
}
