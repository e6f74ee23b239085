// Every file a deploy carries beside its screens, checked kind by kind and then against the deploy's total.
import { checkDatasets } from './datasets-check.js';
import { assertFilesTotal, type CheckedFile } from './hosted-files.js';

export function checkFiles(body: { data: unknown }): CheckedFile[] {
  const files = checkDatasets(body.data);
  assertFilesTotal(files);
  return files;
}
