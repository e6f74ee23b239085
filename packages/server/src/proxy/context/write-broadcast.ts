// Tells the other server processes sharing Redis that this one wrote, so their proxy caches drop what they hold.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { closeRedis } from '../../infra/redis-connection.js';
import type { WriteCounter } from './write-counter.js';

/**
 * A write statement's result is announced at once, and once more `settleMs` after the last write: a
 * statement inside a transaction becomes visible to other nodes only at its commit, which the
 * plugin does not see, and a node that reloaded in between would otherwise keep the old row.
 */
export interface WriteBroadcastOptions {
  channel: string;
  settleMs: number;
}

export interface WriteBroadcast {
  /** True while the subscription is up: only then may other nodes' writes be trusted to arrive. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export function startWriteBroadcast(
  redis: Redis,
  writes: WriteCounter,
  options: WriteBroadcastOptions,
): WriteBroadcast {
  const self = randomUUID();
  const subscriber = redis.duplicate({ enableAutoPipelining: false, maxRetriesPerRequest: null });
  let listening = false;
  let closed = false;
  let lastWrite = 0;
  let settle: NodeJS.Timeout | undefined;

  const publish = () => {
    // Lost announcements are bounded by the short TTL the cache falls back to while Redis is away.
    redis.publish(options.channel, self).catch(() => {});
  };
  const settleLater = (delay: number) => {
    settle = setTimeout(() => {
      settle = undefined;
      // A commit may also be late for this process's own other connections (PostgreSQL pool).
      writes.bump();
      publish();
      const since = performance.now() - lastWrite;
      if (since < options.settleMs && !closed) settleLater(options.settleMs - since);
    }, delay);
    settle.unref();
  };
  writes.onWrite(() => {
    if (closed) return;
    lastWrite = performance.now();
    publish();
    if (settle === undefined) settleLater(options.settleMs);
  });

  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== self) writes.bump();
  });
  // Whatever was announced while the subscription was down is unknown: forget everything on each change.
  subscriber.on('ready', () => {
    subscriber.subscribe(options.channel).then(
      () => {
        listening = true;
        writes.bump();
      },
      () => {},
    );
  });
  subscriber.on('close', () => {
    listening = false;
    writes.bump();
  });
  subscriber.on('error', () => {});

  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (settle) clearTimeout(settle);
      listening = false;
      await closeRedis(subscriber);
    },
  };
}
