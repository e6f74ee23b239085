// The catalog's page cursor: opaque to clients, the sort key and id of the last entry of the page before.
import { AppError } from '../errors.js';

export interface CatalogCursor {
  sortName: string;
  id: string;
}

export function encodeCursor(cursor: CatalogCursor): string {
  return Buffer.from(JSON.stringify([cursor.sortName, cursor.id])).toString('base64url');
}

/** The cursor a previous answer gave; anything else is 400 `bad_request`, never a silent first page. */
export function decodeCursor(text: string): CatalogCursor {
  const value = /^[\w-]+$/.test(text) ? parsed(Buffer.from(text, 'base64url').toString('utf8')) : undefined;
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    typeof value[1] !== 'string'
  ) {
    throw new AppError('bad_request', { key: 'catalog.bad_cursor' }, { field: 'cursor' });
  }
  return { sortName: value[0], id: value[1] };
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
