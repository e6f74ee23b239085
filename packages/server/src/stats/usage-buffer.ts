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
  /** Real user ids (turned into the app's pseudonymous ids when written). */
  users: Set<string>;
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

const DAY_MS = 86_400_000;

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
    users: new Set(),
  };
}

function addTo<K>(map: Map<K, number>, key: K, count: number): void {
  map.set(key, (map.get(key) ?? 0) + count);
}

/**
 * Counting is a few map lookups and additions on the request's own turn, nothing awaited: the proxy's
 * hot path pays no I/O for it. The current day's map is kept at hand, so only a new day costs a Date.
 */
export class UsageBuffer {
  private tallies: Tallies = new Map();
  private day = '';
  private dayEnds = 0;
  private today: Map<string, Tally> | undefined;

  record(now: number, use: ProxyUse): void {
    if (this.today === undefined || now >= this.dayEnds || now < this.dayEnds - DAY_MS) this.turnDay(now);
    let tally = this.today!.get(use.appId);
    if (tally === undefined) {
      tally = newTally();
      this.today!.set(use.appId, tally);
    }
    tally.users.add(use.userId);
    const okay = use.status >= 200 && use.status < 300;
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
    return this.tallies.size === 0;
  }

  /** Hands over everything counted so far and starts afresh. */
  take(): Tallies {
    const taken = this.tallies;
    this.tallies = new Map();
    this.today = undefined;
    return taken;
  }

  /** Adds tallies that could not be written back in, to go with the next flush (counts are sums: order is free). */
  restore(taken: Tallies): void {
    for (const [day, apps] of taken) {
      let mine = this.tallies.get(day);
      if (mine === undefined) {
        mine = new Map();
        this.tallies.set(day, mine);
      }
      for (const [appId, tally] of apps) {
        const into = mine.get(appId);
        if (into === undefined) mine.set(appId, tally);
        else mergeTally(into, tally);
      }
    }
  }

  private turnDay(now: number): void {
    this.day = utcDay(now);
    this.dayEnds = Date.parse(`${this.day}T00:00:00.000Z`) + DAY_MS;
    let today = this.tallies.get(this.day);
    if (today === undefined) {
      today = new Map();
      this.tallies.set(this.day, today);
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
  for (const user of from.users) into.users.add(user);
}
