// Counts writes made through the platform's database handle, so in-process caches know when what they hold may be old.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A Kysely plugin on `platform.db`: every statement that is not a plain select (insert, update,
 * delete, raw SQL, DDL) moves the count, before it runs and again once it has run, so a read that
 * raced a write can never be cached as current. It rewrites nothing.
 */
export class WriteCounter implements KyselyPlugin {
  #count = 0;
  readonly #writes = new WeakSet<object>();
  readonly #listeners: Array<() => void> = [];

  get count(): number {
    return this.#count;
  }

  /** Makes every cached entry old: a write this process did not make (another node's) was announced. */
  bump(): void {
    this.#count++;
  }

  /** Called after each write statement has run (write-broadcast.ts tells the other nodes). */
  onWrite(listener: () => void): void {
    this.#listeners.push(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== 'SelectQueryNode') {
      this.#count++;
      this.#writes.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) {
      this.#count++;
      for (const listener of this.#listeners) listener();
    }
    return args.result;
  }
}
