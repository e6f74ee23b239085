// What a fake provider answers per device token (scripted by a test), and what it accepted.

export interface Delivered {
  token: string;
  /** The request body as the provider received it (parsed JSON). */
  payload: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Answers are names each fake maps onto its provider's real error (e.g. `unregistered` → FCM 404
 * UNREGISTERED, APNs 410). A token answers its scripted answers in order, then `ok` for ever.
 */
export class Script<Answer extends string> {
  private readonly queues = new Map<string, Answer[]>();
  private readonly always = new Map<string, Answer>();
  readonly delivered: Delivered[] = [];
  /** Every send attempt per token, whatever the answer (kept only with `keepRecords`). */
  readonly attempts = new Map<string, number>();
  /**
   * Keep per-token records: the attempt counts and the request bodies of accepted messages. The bench turns
   * this off to measure, not hoard (400,000 distinct tokens would grow these maps for nothing).
   */
  keepRecords = true;
  acceptedCount = 0;
  /** How long each answer takes (fakes that honour it: RuStore), so a test can catch sends in flight. */
  delayMs = 0;

  /** The next sends to `token` answer these, in order. */
  next(token: string, ...answers: Answer[]): void {
    this.queues.set(token, [...(this.queues.get(token) ?? []), ...answers]);
  }

  /** Every send to `token` answers this (e.g. a dead token). */
  forever(token: string, answer: Answer): void {
    this.always.set(token, answer);
  }

  answerFor(token: string): Answer | 'ok' {
    if (this.keepRecords) this.attempts.set(token, (this.attempts.get(token) ?? 0) + 1);
    const queued = this.queues.get(token);
    if (queued && queued.length > 0) return queued.shift()!;
    return this.always.get(token) ?? 'ok';
  }

  accept(delivery: Delivered): void {
    this.acceptedCount++;
    if (this.keepRecords) this.delivered.push(delivery);
  }

  deliveredTo(token: string): Delivered[] {
    return this.delivered.filter((d) => d.token === token);
  }

  reset(): void {
    this.delayMs = 0;
    this.queues.clear();
    this.always.clear();
    this.delivered.length = 0;
    this.attempts.clear();
    this.acceptedCount = 0;
  }
}

export function readBody(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isStringMap(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
