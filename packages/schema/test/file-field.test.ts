// fileField: accept from the upload types, maxSize up to 10 MB and maxFiles up to 5, each checked at its edge.
import { MAX_FIELD_FILES, MAX_UPLOAD_FILE_BYTES, UPLOAD_TYPES } from '@miniapps/contract';
import { describe, expect, it } from 'vitest';
import { screenJsonSchema, validateScreen } from '../src/index.js';

const field = (extra: Record<string, unknown>) => ({
  type: 'form',
  id: 'note',
  children: [{ type: 'fileField', name: 'scan', accept: ['application/pdf'], ...extra }],
});
const problems = (extra: Record<string, unknown>) =>
  validateScreen(field(extra)).problems.map((p) => [p.pointer, p.code, p.severity]);
const at = (name: string) => `/children/0/${name}`;

describe('fileField', () => {
  it('takes every upload type, the largest size and the most files', () => {
    expect(
      problems({ accept: [...UPLOAD_TYPES], maxSize: MAX_UPLOAD_FILE_BYTES, maxFiles: MAX_FIELD_FILES }),
    ).toEqual([]);
    expect(problems({ maxSize: 1, maxFiles: 1, required: true, label: 'Справка' })).toEqual([]);
  });

  it('maxSize: 10 MB passes, one byte more and 0 are refused', () => {
    expect(problems({ maxSize: MAX_UPLOAD_FILE_BYTES + 1 })).toEqual([
      [at('maxSize'), 'bad_value', 'warning'],
    ]);
    expect(problems({ maxSize: 0 })).toEqual([[at('maxSize'), 'bad_value', 'warning']]);
    expect(problems({ maxSize: 1.5 })).toEqual([[at('maxSize'), 'bad_value', 'warning']]);
  });

  it('maxFiles: 5 passes, 6 and 0 are refused', () => {
    expect(problems({ maxFiles: MAX_FIELD_FILES + 1 })).toEqual([[at('maxFiles'), 'bad_value', 'warning']]);
    expect(problems({ maxFiles: 0 })).toEqual([[at('maxFiles'), 'bad_value', 'warning']]);
  });

  it('accept: a type off the list, an empty list, a type twice or no list at all are refused', () => {
    expect(problems({ accept: ['application/pdf', 'text/html'] })).toEqual([
      [at('accept'), 'bad_value', 'warning'],
    ]);
    expect(problems({ accept: ['image/svg+xml'] })).toEqual([[at('accept'), 'bad_value', 'warning']]);
    expect(problems({ accept: [] })).toEqual([[at('accept'), 'bad_value', 'warning']]);
    expect(problems({ accept: ['image/png', 'image/png'] })).toEqual([
      [at('accept'), 'bad_value', 'warning'],
    ]);
    expect(problems({ accept: 'application/pdf' })).toEqual([[at('accept'), 'bad_value', 'warning']]);
    expect(problems({ accept: undefined })).toEqual([['/children/0', 'missing_field', 'error']]);
  });

  it('the published JSON Schema says the same', () => {
    const schema = screenJsonSchema as unknown as {
      $defs: Record<string, { properties: Record<string, unknown> }>;
    };
    const props = schema.$defs['widget.fileField']!.properties;
    expect(props['maxSize']).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_UPLOAD_FILE_BYTES });
    expect(props['maxFiles']).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_FIELD_FILES });
    expect(props['accept']).toMatchObject({
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { enum: UPLOAD_TYPES },
    });
  });
});
