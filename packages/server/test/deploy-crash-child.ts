// Child process of the crash test: starts a real deploy and stops dead inside its transaction, to be killed there.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import type { DB } from '../src/db/schema.js';
import { commitDeploy } from '../src/deploy/commit-deploy.js';
import { checkScreens } from '../src/deploy/screens-check.js';

interface ChildInput {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  appId: string;
  actorId: string;
  /** Written once the deploy is inside its transaction, with screens already inserted. */
  marker: string;
}

const input = JSON.parse(process.argv[2] ?? '{}') as ChildInput;

function sqliteThatFreezes(): Kysely<DB> {
  const sqlite = new SQLite(join(input.dataDir, 'miniapps.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // A SQL function that blocks this thread for good: called by a trigger on this connection only (TEMP),
  // it freezes the deploy after its screen rows are written and before the revision is.
  sqlite.function('freeze_here', () => {
    writeFileSync(input.marker, 'inside');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    return 0;
  });
  sqlite.exec('create temp trigger freeze before insert on main.revisions begin select freeze_here(); end');
  return new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
}

const db =
  input.dialect === 'sqlite'
    ? sqliteThatFreezes()
    : openDatabase({ databaseUrl: input.databaseUrl, dataDir: input.dataDir, poolSize: 1 }).db;
const items = Array.from({ length: 5 }, (_, i) => ({
  path: i === 0 ? '/' : `/crash-${i}`,
  json: { type: 'text', text: `never committed ${i}` },
}));
if (input.dialect === 'postgres') writeFileSync(input.marker, 'starting');
await commitDeploy(db, {
  appId: input.appId,
  actorId: input.actorId,
  screens: checkScreens(items).screens,
  files: [],
  submit: true,
  restoredFrom: null,
});
// Reaching this line means the freeze did not happen: the parent treats the exit as a failed set-up.
process.exit(3);
