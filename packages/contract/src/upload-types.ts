// The file types a fileField may accept and the proxy forwards in a multipart body, each checked by its first bytes.

/**
 * Every MIME type an upload may declare (a fileField's `accept` is a subset). Office files are zip archives, so
 * DOCX and XLSX share the zip signature; text types have no signature and are checked for being plain text.
 */
export const UPLOAD_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Whether a declared type (parameters such as `; charset=utf-8` dropped, any case) is one an upload may have. */
export function uploadTypeOf(declared: string): UploadType | undefined {
  const bare = declared.split(';')[0]!.trim().toLowerCase();
  return UPLOAD_TYPES.find((type) => type === bare);
}
