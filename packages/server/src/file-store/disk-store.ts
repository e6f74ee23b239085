// The file store on local disk (the embedded default): one file per key under a folder of DATA_DIR, written to a
// temporary name and renamed, so a reader never sees half a file; folders 0700, files 0600.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkKey, exactly, type FileStore, type StoredKey } from './file-store.js';

/**
 * Files being written live in their own folder, listed as the prefix `partial`: a file a crash left there is
 * unreferenced like any other, and the sweep removes it.
 */
export const PARTIAL_PREFIX = 'partial';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export function createDiskStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, ...checkKey(key).split('/'));

  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredKey> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) yield* walk(path, key);
      else if (entry.isFile()) {
        try {
          yield { key, modifiedAt: (await stat(path)).mtimeMs };
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    }
  }

  return {
    kind: 'disk',
    async put(key, body, meta) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const partial = pathOf(`${PARTIAL_PREFIX}/${randomUUID()}`);
      await mkdir(dirname(partial), { recursive: true, mode: 0o700 });
      try {
        await pipeline(exactly(body, meta.bytes), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, path);
      } catch (error) {
        await unlink(partial).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(keys) {
      for (const key of keys) {
        await unlink(pathOf(key)).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      }
    },
    list(prefix) {
      // The prefix is one segment of a key: checked as one.
      checkKey(`${prefix}/x`);
      return walk(join(root, prefix), prefix);
    },
  };
}
