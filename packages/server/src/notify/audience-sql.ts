// The push audience in SQL: users who granted the app notifications and have a device a configured provider reaches.
import { sql } from 'kysely';
import type { DevicePlatform } from '../devices/rules.js';

/** Consent scopes are a JSON array of names; the quoted name cannot match a longer one. */
export const NOTIFICATIONS_GRANTED = '%"notifications"%';

/** Condition on consents `c`: the app's audience that has a device some configured provider reaches. */
export function reachable(appId: string, platforms: readonly DevicePlatform[]) {
  const names = sql.join(platforms.map((p) => sql`${p}`));
  return sql`c.app_id = ${appId}
    and c.scopes like ${NOTIFICATIONS_GRANTED}
    and exists (select 1 from devices d where d.user_id = c.user_id and d.platform in (${names}))`;
}
