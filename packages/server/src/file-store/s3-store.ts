// The file store in S3-compatible object storage (S3_*): what several nodes share. An object appears only when its
// upload is whole, so a failed put leaves nothing.
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStoreConfig } from '../config/file-store.js';
import { checkKey, exactly, type FileStore } from './file-store.js';

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

export function createS3Store(
  config: Extract<FileStoreConfig, { kind: 's3' }>,
): FileStore & { close(): void } {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default (a CRC trailer in aws-chunked bodies) is not
    // understood by many S3-compatible services, which would keep the chunk framing as the file's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint !== undefined && { endpoint: config.endpoint }),
    ...(config.credentials !== undefined && { credentials: config.credentials }),
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body, meta) {
      // A body that fails or runs short aborts the request: S3 then keeps nothing (an object is whole or absent).
      const sent = exactly(body, meta.bytes);
      const abort = new AbortController();
      let failure: Error | undefined;
      sent.on('error', (error) => {
        failure = error;
        abort.abort(error);
      });
      const command = new PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: sent,
        ContentLength: meta.bytes,
        ContentType: meta.type,
      });
      try {
        await client.send(command, { abortSignal: abort.signal });
        if (failure) throw failure;
      } catch (error) {
        // S3 keeps no part of an aborted upload, but not every compatible service is as strict: removed to be sure.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        throw failure ?? error;
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return answer.Body as Readable | undefined;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: checkKey(key) }));
        const answer = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = answer.Errors?.filter((error) => error.Code !== 'NoSuchKey') ?? [];
        if (failed.length > 0) throw new Error(`S3 kept ${failed.length} objects: ${failed[0]?.Code}`);
      }
    },
    async *list(prefix) {
      checkKey(`${prefix}/x`);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined)
            yield { key: object.Key, modifiedAt: object.LastModified?.getTime() ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
    },
    close() {
      client.destroy();
    },
  };
}
