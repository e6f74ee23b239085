// Writes a template's files into a new folder: refuses a folder that already holds one of them.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface TemplateValues {
  org: string;
  slug: string;
}

/** The files that would be overwritten; nothing is written when there are any. */
export function writeTemplate(dir: string, files: Record<string, string>): string[] {
  const existing = Object.keys(files).filter((name) => existsSync(join(dir, name)));
  if (existing.length > 0) return existing;
  for (const [name, content] of Object.entries(files)) {
    const file = join(dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return [];
}
