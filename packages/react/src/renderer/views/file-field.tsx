// The fileField view: a file picker whose choices are checked on the page (type, size, count) before any is kept,
// listed with their sizes, and handed to the enclosing form, which sends them as multipart/form-data.
import { MAX_UPLOAD_FILE_BYTES, type UploadType } from '@miniapps/host';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { useMessages } from '../../i18n/language.js';
import type { Translate } from '../../i18n/messages.js';
import { FormContext } from '../context.js';
import type { ViewProps } from './view-props.js';

/** A file's type by its name's extension, for browsers that report none (or another name for it). */
const BY_EXTENSION: Record<string, UploadType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The accepted type a file is, by its reported type, else by its extension; undefined when neither is accepted. */
export function acceptedType(
  file: { name: string; type: string },
  accept: readonly string[],
): string | undefined {
  if (accept.includes(file.type)) return file.type;
  const byName = BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''];
  return byName !== undefined && accept.includes(byName) ? byName : undefined;
}

/** A size in the user's language: bytes, KB or MB (1024-based, as the limits are stated). */
export function sizeShown(bytes: number, t: Translate): string {
  const number = new Intl.NumberFormat(t('locale'), { maximumFractionDigits: 1 });
  if (bytes < 1024) return t('file.size.bytes', { n: number.format(bytes) });
  if (bytes < 1024 * 1024) return t('file.size.kb', { n: number.format(bytes / 1024) });
  return t('file.size.mb', { n: number.format(bytes / 1024 / 1024) });
}

/** A size in whole bytes, grouped in the user's language. */
function bytesShown(bytes: number, t: Translate): string {
  return t('file.size.bytes', { n: new Intl.NumberFormat(t('locale')).format(bytes) });
}

/** What a type is called to a person: its usual extension. */
const typeName = (type: string) =>
  (Object.entries(BY_EXTENSION).find(([, known]) => known === type)?.[0] ?? type).toUpperCase();

interface Chosen {
  key: string;
  file: File;
}

export function FileFieldView(props: ViewProps<'fileField'>) {
  const id = useId();
  const t = useMessages();
  const form = useContext(FormContext);
  const input = useRef<HTMLInputElement>(null);
  // Each chosen file with a key of its own: the same file may be chosen twice.
  const [files, setFiles] = useState<Chosen[]>([]);
  const made = useRef(0);
  const [refusals, setRefusals] = useState<string[]>([]);
  const accept = props.accept;
  const maxSize = Math.min(props.maxSize ?? MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILE_BYTES);
  const maxFiles = props.maxFiles ?? 1;
  const name = props.name;

  useEffect(() => {
    form?.setFiles(
      name,
      files.map((chosen) => chosen.file),
    );
  }, [form, name, files]);
  // The picker is emptied after each choice (so the same file may be chosen again): `required` is checked here.
  useEffect(() => {
    input.current?.setCustomValidity(props.required === true && files.length === 0 ? t('file.required') : '');
  }, [props.required, files, t]);

  const choose = (chosen: FileList | null) => {
    const kept = [...files];
    const refused: string[] = [];
    for (const file of Array.from(chosen ?? [])) {
      const type = acceptedType(file, accept);
      if (type === undefined) {
        refused.push(t('file.wrongType', { name: file.name, types: accept.map(typeName).join(', ') }));
      } else if (file.size > maxSize) {
        let size = sizeShown(file.size, t);
        let max = sizeShown(maxSize, t);
        // Rounded alike (a byte over), the sizes are told in bytes, so the user sees why.
        if (size === max) [size, max] = [bytesShown(file.size, t), bytesShown(maxSize, t)];
        refused.push(t('file.tooLarge', { name: file.name, size, max }));
      } else if (kept.length >= maxFiles) {
        refused.push(t('file.tooMany', { name: file.name, max: String(maxFiles) }));
      } else {
        // Sent with the accepted type, whatever name the browser gave it (a CSV is not always text/csv).
        const sent =
          file.type === type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
        kept.push({ key: `file-${made.current++}`, file: sent });
      }
    }
    setFiles(kept);
    setRefusals(refused);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="ma-field ma-file-field">
      {props.label !== undefined && <label htmlFor={id}>{props.label}</label>}
      <input
        ref={input}
        id={id}
        type="file"
        name={name}
        className="ma-input"
        accept={accept.join(',')}
        multiple={maxFiles > 1}
        aria-label={
          props.label === undefined ? (maxFiles > 1 ? t('file.choose') : t('file.chooseOne')) : undefined
        }
        onChange={(event) => choose(event.target.files)}
      />
      {files.length > 0 && (
        <ul className="ma-file-list">
          {files.map(({ key, file }) => (
            <li key={key}>
              <span className="ma-file-name">{file.name}</span>{' '}
              <span className="ma-file-size">{sizeShown(file.size, t)}</span>{' '}
              <button
                type="button"
                className="ma-file-remove"
                aria-label={t('file.remove', { name: file.name })}
                onClick={() => setFiles(files.filter((chosen) => chosen.key !== key))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {refusals.map((text) => (
        <p key={text} className="ma-file-refused" role="alert">
          {text}
        </p>
      ))}
    </div>
  );
}
