// Seeds a benchmark audience in SQL, set-based on both dialects: N users, their consents and 2 devices each.
import { sql } from 'kysely';
import type { Db } from '../../packages/server/src/db/database.js';
import { nowIso } from '../../packages/server/src/ids.js';

/** Device platforms by user number: a mix close to a Russian university's phones. */
export const PLATFORM_MIX = { android: 0.5, ios: 0.3, huawei: 0.1, rustore: 0.1 } as const;

/**
 * Inserts users `<prefix>-1 … <prefix>-N`, grants each the app `notifications`, and gives each two
 * devices (a phone and a tablet) of the platform picked by the user's number. Runs as three
 * INSERT … SELECT statements over a generated series, so a million users take seconds, not minutes.
 */
export async function seedAudience(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  appId: string,
  prefix: string,
  count: number,
  /** False leaves PostgreSQL's statistics as a production database has them after a burst of sign-ups: stale. */
  analyze = true,
): Promise<void> {
  const now = nowIso();
  const series =
    dialect === 'postgres'
      ? sql`select g as n from generate_series(1, ${count}::int) g`
      : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${count}) select n from s`;
  // Users n % 10: 0-4 android, 5-7 ios, 8 huawei, 9 rustore (PLATFORM_MIX).
  const platform = sql`case when n % 10 < 5 then 'android' when n % 10 < 8 then 'ios' when n % 10 = 8 then 'huawei' else 'rustore' end`;
  const hex =
    dialect === 'postgres'
      ? (v: ReturnType<typeof sql>) => sql`lpad(to_hex(${v}), 64, '0')`
      : (v: ReturnType<typeof sql>) => sql`printf('%064x', ${v})`;
  const text = (value: string) => sql`cast(${value} as text)`;
  const id = sql`${text(prefix)} || '-' || n`;

  await sql`insert into users (id, email, roles, created_at, updated_at)
    select ${id}, ${id} || '@bench.example', '[]', ${text(now)}, ${text(now)} from (${series}) s`.execute(db);
  await sql`insert into consents (user_id, app_id, scopes, created_at, updated_at)
    select ${id}, ${text(appId)}, '["notifications"]', ${text(now)}, ${text(now)} from (${series}) s`.execute(
    db,
  );
  for (const device of [0, 1]) {
    const tokenNumber = sql`(n * 2 + ${sql.lit(device)})`;
    await sql`insert into devices (id, user_id, platform, token, client_app, created_at, updated_at)
      select ${id} || '-d' || ${sql.lit(device)}, ${id}, ${platform},
        case when ${platform} = 'ios' then ${hex(tokenNumber)} else ${platform} || '-' || ${text(prefix)} || '-' || ${tokenNumber} end,
        null, ${text(now)}, ${text(now)}
      from (${series}) s`.execute(db);
  }
  if (dialect === 'postgres' && analyze) await sql`analyze`.execute(db);
}
