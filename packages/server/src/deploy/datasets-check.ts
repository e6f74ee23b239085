// Checks a deploy's datasets (`data: {"<name>": <JSON>}`): names, each one's size; bad_data or files_too_large.
import { datasetNameFault, datasetSizeFault } from '@miniapps/schema';
import { type CheckedFile, type FileFault, filesTooLarge, refuseFiles, storedFile } from './hosted-files.js';
import { isRecord } from './screens-check.js';

function refuse(faults: FileFault[]): never {
  refuseFiles('bad_data', faults);
}

const defined = <T>(value: T | undefined): value is T => value !== undefined;
/** The details keep the contract's `{pointer, problem}`. */
const said = ({ pointer, problem }: FileFault): FileFault => ({ pointer, problem });

/** The datasets ready to store (none when `data` is absent), or `bad_data` / `files_too_large` with pointers. */
export function checkDatasets(data: unknown): CheckedFile[] {
  if (data === undefined || data === null) return [];
  if (!isRecord(data)) refuse([{ pointer: '/data', problem: 'must be an object {"<name>": <JSON>}' }]);
  const faults = Object.keys(data).map(datasetNameFault).filter(defined).map(said);
  if (faults.length > 0) refuse(faults);
  const files = Object.entries(data).map(([name, value]) => storedFile('data', name, value));
  const large = files
    .map((file) => datasetSizeFault(file.name, file.bytes))
    .filter(defined)
    .map(said);
  if (large.length > 0) throw filesTooLarge(large);
  return files;
}
