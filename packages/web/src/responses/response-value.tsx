// One value of a response as a table cell shows it: yes/no, lists joined, files as links that download with the
// user's credentials, anything else as its text.
import type { ResponseFile } from '@miniapps/contract';
import { type MouseEvent, useState } from 'react';
import { formatSize } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { ErrorNotice } from '../ui/widgets.js';
import { downloadFile, isAbort, saveFile } from './download.js';

/** A file kept with a response, as the platform lists it in the response's values. */
export type FileRef = Pick<ResponseFile, 'id' | 'name' | 'size' | 'type'>;

export function isFileRef(value: unknown): value is FileRef {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file['id'] === 'string' &&
    typeof file['name'] === 'string' &&
    typeof file['size'] === 'number' &&
    typeof file['type'] === 'string'
  );
}

/** Where a response's file is read: `GET …/responses/{id}/files/{file}`. */
export type FileUrl = (file: FileRef) => string;

function FileLink({ file, url }: { file: FileRef; url: string }) {
  const { fetchFile } = useSignedIn();
  const { t, language } = useLanguage();
  const [error, setError] = useState<unknown>(undefined);
  // A plain link carries a cookie session but not a dev-login token: the page fetches the file itself.
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setError(undefined);
    const request = {
      url,
      signal: new AbortController().signal,
      fallbackName: file.name,
      countRecords: false,
    };
    downloadFile(fetchFile, request, () => undefined).then(saveFile, (failure: unknown) => {
      if (!isAbort(failure)) setError(failure);
    });
  };
  return (
    <>
      <a href={url} onClick={open} data-testid="response-file">
        {t('responses.file', { name: file.name, size: formatSize(language, file.size) })}
      </a>
      <ErrorNotice error={error} />
    </>
  );
}

export function ResponseValue({ value, fileUrl }: { value: unknown; fileUrl: FileUrl }) {
  const { t } = useLanguage();
  if (value === undefined || value === null || value === '') return <span className="muted">—</span>;
  if (typeof value === 'boolean') return <>{t(value ? 'responses.yes' : 'responses.no')}</>;
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 0 && list.every(isFileRef)) {
    return (
      <ul className="responses-files">
        {list.map((file) => (
          <li key={file.id}>
            <FileLink file={file} url={fileUrl(file)} />
          </li>
        ))}
      </ul>
    );
  }
  if (Array.isArray(value)) return <>{value.map((one) => textOf(one)).join(', ')}</>;
  return <>{textOf(value)}</>;
}

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}
