// The file store the configuration names: S3 when S3_BUCKET is set, else the folder under DATA_DIR.
import type { FileStoreConfig } from '../config/file-store.js';
import { createDiskStore } from './disk-store.js';
import type { FileStore } from './file-store.js';
import { createS3Store } from './s3-store.js';

export function openFileStore(config: FileStoreConfig): FileStore & { close(): void } {
  if (config.kind === 's3') return createS3Store(config);
  return { ...createDiskStore(config.dir), close() {} };
}
