// miniapp.json: which app a folder of screens belongs to, and where its screens are.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from './cli-error.js';
import type { Translate } from './i18n/messages.js';

export const MANIFEST_FILE = 'miniapp.json';

export interface Manifest {
  organizationId?: string;
  slug?: string;
  /** Folder of the screen files, relative to the manifest; default: the manifest's own folder. */
  screens?: string;
}

const FIELDS = new Set(['$schema', 'organizationId', 'slug', 'screens']);

/** The manifest of `dir`, or an empty one when there is none. Typos in its keys are errors, not silence. */
export function readManifest(dir: string, t: Translate): { manifest: Manifest; file: string | undefined } {
  const file = join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return { manifest: {}, file: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(t('manifest.bad_json', { file, reason: (error as Error).message }), 1, 'bad_manifest');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliError(t('manifest.not_object', { file }), 1, 'bad_manifest');
  }
  const record = parsed as Record<string, unknown>;
  const faults: string[] = [];
  for (const key of Object.keys(record)) {
    if (!FIELDS.has(key)) faults.push(t('manifest.unknown_field', { key }));
  }
  for (const key of ['organizationId', 'slug', 'screens'] as const) {
    const value = record[key];
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      faults.push(t('manifest.not_string', { key }));
    }
  }
  if (faults.length > 0) {
    throw new CliError(
      t('manifest.problems', { file }),
      1,
      'bad_manifest',
      faults.map((f) => `  ${f}`),
    );
  }
  return { manifest: record as Manifest, file };
}
