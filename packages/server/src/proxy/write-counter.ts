// Counts writes made through the platform's database handle, so in-process caches know when what they hold may be old.
import {
  AliasNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
} from 'kysely';

/**
 * A Kysely plugin on `platform.db`: every statement that is not a plain select (insert, update,
 * delete, raw SQL, DDL) moves the count, before it runs and again once it has run, so a read that
 * raced a write can never be cached as current. It rewrites nothing.
 *
 * Given the tables the caches read, an insert, update or delete of other tables (push deliveries
 * while a fan-out runs, audit rows) leaves the count alone; a statement whose tables it cannot tell
 * (raw SQL other than a select, DDL) always counts.
 */
export class WriteCounter implements KyselyPlugin {
  #count = 0;
  readonly #writes = new WeakSet<object>();
  readonly #listeners: Array<() => void> = [];
  readonly #watched: ReadonlySet<string> | undefined;

  /** `tables`: the tables cached state is read from, in any case, with or without underscores. */
  constructor(tables?: readonly string[]) {
    this.#watched = tables ? new Set(tables.map(normalized)) : undefined;
  }

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
    if (args.node.kind !== 'SelectQueryNode' && this.#concerns(args.node)) {
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

  #concerns(node: RootOperationNode): boolean {
    if (!this.#watched) return true;
    // Raw `select … for update` (row locks in transactions) reads; any other raw text may write.
    if (node.kind === 'RawNode' && /^\s*select\s/i.test(node.sqlFragments[0] ?? '')) return false;
    const tables = writtenTables(node);
    return tables === undefined || tables.some((table) => this.#watched!.has(table));
  }
}

/** The tables an insert, update or delete writes (normalized), or undefined when the statement does not say. */
function writtenTables(node: RootOperationNode): string[] | undefined {
  let targets: readonly OperationNode[] | undefined;
  if (node.kind === 'InsertQueryNode') targets = node.into ? [node.into] : undefined;
  else if (node.kind === 'UpdateQueryNode') targets = node.table ? [node.table] : undefined;
  else if (node.kind === 'DeleteQueryNode') targets = node.from.froms;
  if (targets === undefined) return undefined;
  const names = targets.map(tableName);
  return names.every((name) => name !== undefined) ? (names as string[]) : undefined;
}

function tableName(node: OperationNode): string | undefined {
  if (TableNode.is(node)) return normalized(node.table.identifier.name);
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

/** `signing_secrets`, `signingSecrets` and `SigningSecrets` are one table (CamelCasePlugin may run first or not). */
function normalized(table: string): string {
  return table.replaceAll('_', '').toLowerCase();
}
