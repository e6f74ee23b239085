// The few messages between the benchmark and its child processes (each target runs in its own process).

export interface Ready {
  ready: true;
  port: number;
  /** Every port, when the child serves more than one copy (platform-pair.ts). */
  ports?: number[];
}

/** Sends a ready message to the parent once the child listens. */
export function announce(port: number): void {
  process.send?.({ ready: true, port } satisfies Ready);
}

/** The origin every target forwards to, as the children receive it in their environment. */
export interface OriginSettings {
  port: number;
  caFile: string;
}

export function originFromEnv(): OriginSettings {
  const port = Number(process.env.BENCH_ORIGIN_PORT);
  const caFile = process.env.BENCH_CA_FILE ?? '';
  if (!port || !caFile) throw new Error('BENCH_ORIGIN_PORT and BENCH_CA_FILE must be set');
  return { port, caFile };
}

/** The path every load run requests (after each target's own prefix). */
export const API_PATH = '/api/items?page=2&sort=asc';

/** A realistic API answer: a page of items, about 1.3 KB. */
export function answerBody(): Buffer {
  const items = Array.from({ length: 9 }, (_, i) => ({
    id: 1000 + i,
    title: `Lecture ${i + 1}: distributed systems`,
    room: `B-${200 + i}`,
    starts: `2026-03-0${(i % 9) + 1}T09:00:00Z`,
    tags: ['cs', 'core'],
  }));
  return Buffer.from(JSON.stringify({ ok: true, page: 2, items }), 'utf8');
}
