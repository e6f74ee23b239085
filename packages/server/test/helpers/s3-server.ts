// An S3 protocol server on loopback (s3rver, files in a temporary folder): the one stand-in here for a service
// outside this machine, so the S3 file store is tested over the real protocol and the real SDK.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: object) => S3rverInstance;

export interface TestS3 {
  /** The S3_* variables that point the platform at it. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  close(): Promise<void>;
}

export async function startS3(bucket = 'miniapps-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'miniapps-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
