// Where the files of form responses live: a folder under DATA_DIR, or an S3-compatible bucket when S3_BUCKET is set.
import { join } from 'node:path';
import { CONFIG_VARIABLES, type KnownEnv } from './variables.js';

export type FileStoreConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible service's address; AWS's own by the region when unset. */
      endpoint: string | undefined;
      region: string;
      /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables) signs. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most others need it). */
      forcePathStyle: boolean;
    };

const S3_NAMES = CONFIG_VARIABLES.filter((name) => name.startsWith('S3_'));
/** S3's bucket naming rules, the common subset every compatible service takes. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function parseFileStoreConfig(env: KnownEnv, dataDir: string, problems: string[]): FileStoreConfig {
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (bucket === '') {
    const stray = S3_NAMES.filter((name) => env[name]);
    if (stray.length > 0) problems.push(`${stray.join(', ')} set without S3_BUCKET`);
    return { kind: 'disk', dir: join(dataDir, 'files') };
  }
  if (!BUCKET.test(bucket)) problems.push('S3_BUCKET must be 3 to 63 of a-z 0-9 . - (a bucket name)');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined) {
    try {
      const url = new URL(endpoint);
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        problems.push(`S3_ENDPOINT must use https: or http: (got "${url.protocol}")`);
    } catch {
      problems.push('S3_ENDPOINT is not a valid URL');
    }
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() || 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false')
    problems.push(`S3_FORCE_PATH_STYLE must be true or false (got "${pathStyle}")`);
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials:
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? { accessKeyId, secretAccessKey }
        : undefined,
    forcePathStyle: pathStyle === 'true',
  };
}
