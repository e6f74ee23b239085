// Every migration, in order. Names sort by their number; add new ones at the end, never edit old ones.
import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};
