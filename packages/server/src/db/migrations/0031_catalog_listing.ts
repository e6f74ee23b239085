// Catalog listing: icon, description and category (head and approved copies) and the folded search and sort text.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The catalog's folding as it was when this migration was written (apps/search-text.ts): a copy, so a later
 * change of the live code cannot make a fresh install and an upgraded one hold different data.
 */
function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/ς/g, 'σ').replace(/ß/g, 'ss').replace(/ё/g, 'е');
}

const COLUMNS = ['icon', 'description', 'category', 'live_icon', 'live_description', 'live_category'];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('apps').addColumn(column, 'text').execute();
  // What users find and sort the catalog by, folded in JS; '' until computed.
  await db.schema
    .alterTable('apps')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Compared by code point on both dialects (SQLite's own; on PostgreSQL the "C" collation rather than the
  // database's), so the catalog pages alike and the index serves its ORDER BY.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('apps')
    .addColumn('sort_name', postgres ? sql`text collate "C"` : 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('apps_sort_name_idx').on('apps').columns(['sort_name', 'id']).execute();
  // Existing apps (service apps included) get the text of the name users see: the approved one if any.
  const rows = await db.selectFrom('apps').select(['id', 'name', 'live_name']).execute();
  for (const row of rows) {
    const name = (row.live_name ?? row.name) as string;
    await db
      .updateTable('apps')
      .set({ search_text: `${fold(name)}\n`, sort_name: fold(name) })
      .where('id', '=', row.id)
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('apps_sort_name_idx').execute();
  for (const column of [...COLUMNS, 'search_text', 'sort_name'].reverse()) {
    await db.schema.alterTable('apps').dropColumn(column).execute();
  }
}
