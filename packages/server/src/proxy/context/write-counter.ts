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
 * (DDL, a raw statement that does not start with its table) always counts.
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
    const tables = writtenTables(node);
    return tables === undefined || tables.some((table) => this.#watched!.has(table));
  }
}

/** The tables an insert, update or delete writes (normalized), or undefined when the statement does not say. */
function writtenTables(node: RootOperationNode): string[] | undefined {
  if (node.kind === 'RawNode') return rawWrittenTables(node.sqlFragments);
  let targets: readonly OperationNode[] | undefined;
  if (node.kind === 'InsertQueryNode') targets = node.into ? [node.into] : undefined;
  else if (node.kind === 'UpdateQueryNode') targets = node.table ? [node.table] : undefined;
  else if (node.kind === 'DeleteQueryNode') targets = node.from.froms;
  if (targets === undefined) return undefined;
  const names = targets.map(tableName);
  return names.every((name) => name !== undefined) ? (names as string[]) : undefined;
}

// One raw statement's leading words: a read (`select`, such as a `for update` row lock, or `set local`)
// writes nothing; `insert into t`, `update t` and `delete from t` write t. Anything else (a CTE, DDL,
// a table given as a parameter, several statements) cannot be told and counts as a write to all.
const RAW_READ = /^\s*(?:select|set)\s/i;
const RAW_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([A-Za-z_]\w*)"?[\s(]/i;

function rawWrittenTables(fragments: readonly string[]): string[] | undefined {
  if (/;\s*\S/.test(fragments.join(' '))) return undefined;
  const first = fragments[0] ?? '';
  if (RAW_READ.test(first)) return [];
  const table = RAW_WRITE.exec(first)?.[1];
  return table === undefined ? undefined : [normalized(table)];
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

/**
 * For one process on SQLite: whether the database is as this process last saw it. Its own writes move
 * `writes`; another process's commits (a CLI, a migration, a second server by mistake) move SQLite's
 * data version, and then `writes` is moved too, so every cached entry is old. A cached context whose
 * time is up is kept for another term when this says nothing changed, instead of being read again.
 */
export function unchangedElsewhere(writes: WriteCounter, dataVersion: () => number): () => boolean {
  let seen = dataVersion();
  return () => {
    const now = dataVersion();
    if (now === seen) return true;
    seen = now;
    writes.bump();
    return false;
  };
}
