// Checks a deploy's datasets (`data: {"<name>": <JSON>}`): names, each one's size; bad_data or files_too_large.
import { DATASET_NAME, MAX_DATASET_BYTES } from '@miniapps/contract';
import { appendPointer } from '@miniapps/schema';
import { type CheckedFile, type FileFault, filesTooLarge, refuseFiles, storedFile } from './hosted-files.js';
import { isRecord } from './screens-check.js';

function refuse(faults: FileFault[]): never {
  refuseFiles('bad_data', faults);
}

/** The datasets ready to store (none when `data` is absent), or `bad_data` / `files_too_large` with pointers. */
export function checkDatasets(data: unknown): CheckedFile[] {
  if (data === undefined || data === null) return [];
  if (!isRecord(data)) refuse([{ pointer: '/data', problem: 'must be an object {"<name>": <JSON>}' }]);
  const faults: FileFault[] = [];
  for (const name of Object.keys(data)) {
    if (!DATASET_NAME.test(name)) {
      faults.push({
        pointer: appendPointer('/data', name),
        problem: 'is not a dataset name: 1 to 64 of a-z 0-9 _ -',
      });
    }
  }
  if (faults.length > 0) refuse(faults);
  const files = Object.entries(data).map(([name, value]) => storedFile('data', name, value));
  const large = files
    .filter((file) => file.bytes > MAX_DATASET_BYTES)
    .map((file) => ({
      pointer: `/data/${file.name}`,
      problem: `is ${file.bytes} bytes of JSON; a dataset is at most ${MAX_DATASET_BYTES} (512 KB)`,
    }));
  if (large.length > 0) throw filesTooLarge(large);
  return files;
}
