// The file store's behaviour, the same for both kinds: local disk under DATA_DIR and S3 (against s3rver on loopback).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFileStoreConfig } from '../src/config/file-store.js';
import { createDiskStore } from '../src/file-store/disk-store.js';
import { type FileStore, newFileKey } from '../src/file-store/file-store.js';
import { createS3Store } from '../src/file-store/s3-store.js';
import { startS3, type TestS3 } from './helpers/s3-server.js';

const keysOf = async (store: FileStore, prefix = 'responses') => {
  const keys: string[] = [];
  for await (const { key } of store.list(prefix)) keys.push(key);
  return keys.sort();
};

/** A body that sends some bytes, then fails as a dropped upload would. */
function failing(): Readable {
  return new Readable({
    read() {
      this.push(Buffer.from('half a file'));
      this.destroy(new Error('cut off'));
    },
  });
}

const kinds: [string, () => Promise<{ store: FileStore; close(): Promise<void> }>][] = [
  [
    'disk',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'miniapps-files-'));
      return {
        store: createDiskStore(join(dir, 'files')),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3',
    async () => {
      const s3: TestS3 = await startS3();
      const problems: string[] = [];
      const config = parseFileStoreConfig(s3.env, '/unused', problems);
      expect(problems).toEqual([]);
      if (config.kind !== 's3') throw new Error('not s3');
      const store = createS3Store(config);
      return {
        store,
        close: async () => {
          store.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(kinds)('the %s file store', (_kind, open) => {
  let store: FileStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());

  it('puts a file, gets the same bytes back, lists and deletes it', async () => {
    const key = newFileKey('responses', 'app_one');
    const data = 'Привет, файл\n'.repeat(1000);
    await store.put(key, Readable.from([Buffer.from(data)]), {
      type: 'text/plain',
      bytes: Buffer.byteLength(data),
    });
    const body = await store.get(key);
    expect(body && (await text(body))).toBe(data);
    expect(await keysOf(store)).toContain(key);
    await store.delete([key]);
    expect(await store.get(key)).toBeUndefined();
    expect(await keysOf(store)).not.toContain(key);
    // Deleting what is not there is no error.
    await store.delete([key]);
  });

  it('a failed put leaves nothing under the key', async () => {
    const key = newFileKey('responses', 'app_two');
    await expect(store.put(key, failing(), { type: 'text/plain', bytes: 1000 })).rejects.toThrow('cut off');
    // S3 keeps nothing of a request cut off; s3rver writes as it receives and may keep the half it got (racing
    // the store's own delete of the key), so the disk is asked here, and the platform tests show the sweep
    // removing whatever no row references.
    if (store.kind === 'disk') {
      expect(await store.get(key)).toBeUndefined();
      expect(await keysOf(store)).toEqual([]);
      expect(await keysOf(store, 'partial')).toEqual([]);
    }
  });

  it('a body shorter or longer than declared is refused', async () => {
    const short = newFileKey('responses', 'app_three');
    const long = newFileKey('responses', 'app_three');
    await expect(
      store.put(short, Readable.from([Buffer.from('abc')]), { type: 'text/plain', bytes: 10 }),
    ).rejects.toThrow('3 bytes of the 10 declared');
    await expect(
      store.put(long, Readable.from([Buffer.from('abcdef')]), { type: 'text/plain', bytes: 2 }),
    ).rejects.toThrow('more than the 2 bytes declared');
    // As above (the platform's bodies are exact ranges of a spooled file).
    if (store.kind === 'disk') expect(await keysOf(store)).toEqual([]);
  });

  it('refuses a key that is not one the platform makes (no path can leave the store)', async () => {
    for (const key of [
      '../etc/passwd',
      'responses/../../x',
      'responses/a/b.c',
      '/responses/x',
      'responses',
    ]) {
      await expect(store.put(key, Readable.from([]), { type: 'text/plain', bytes: 0 })).rejects.toThrow();
      await expect(store.get(key)).rejects.toThrow();
    }
  });
});

describe('the disk store on disk', () => {
  it('keeps files 0600 in folders 0700', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'miniapps-files-'));
    try {
      const store = createDiskStore(join(dir, 'files'));
      const key = newFileKey('responses', 'app_mode');
      await store.put(key, Readable.from([Buffer.from('x')]), { type: 'text/plain', bytes: 1 });
      const path = join(dir, 'files', ...key.split('/'));
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'files', 'responses')).mode & 0o777).toBe(0o700);
      expect(readdirSync(join(dir, 'files', 'partial'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('S3_* configuration', () => {
  const parse = (env: Record<string, string>) => {
    const problems: string[] = [];
    const config = parseFileStoreConfig(env, '/data', problems);
    return { config, problems };
  };
  it('is the folder under DATA_DIR without S3_BUCKET', () => {
    expect(parse({})).toEqual({ config: { kind: 'disk', dir: '/data/files' }, problems: [] });
  });
  it('refuses S3 settings without a bucket, half the credentials, a bad endpoint or switch', () => {
    expect(parse({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).problems).toEqual([
      'S3_ENDPOINT set without S3_BUCKET',
    ]);
    expect(
      parse({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'a', S3_ENDPOINT: 'ftp://x', S3_FORCE_PATH_STYLE: 'yes' })
        .problems,
    ).toEqual([
      'S3_ENDPOINT must use https: or http: (got "ftp:")',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
      'S3_FORCE_PATH_STYLE must be true or false (got "yes")',
    ]);
    expect(parse({ S3_BUCKET: 'No_Such' }).problems).toHaveLength(1);
  });
});
