// The export's progress and file name, as the responses page reads a streamed answer: CSV records counted across
// chunk borders (line breaks inside quoted cells are not records, Cyrillic split mid-character is no quote), the
// platform's file name from Content-Disposition, a refusal read as the platform's error, a broken stream told apart.
import { HostError } from '@miniapps/host';
import { describe, expect, it } from 'vitest';
import { BrokenDownload, downloadFile, fileNameOf, recordCounter } from '../src/responses/download.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('reading an export as it arrives', () => {
  it('counts CSV records across chunks, not the line breaks inside quoted cells', () => {
    const csv = bytes('\uFEFFid,имя\r\n1,"Ёж, ""колючий""\r\nвторая строка"\r\n2,Анна\r\n');
    for (const size of [1, 2, 3, 7, csv.length]) {
      const count = recordCounter();
      let records = 0;
      for (let at = 0; at < csv.length; at += size) records += count(csv.subarray(at, at + size));
      expect(records, `chunks of ${size}`).toBe(3);
    }
  });

  it("takes the platform's file name, the UTF-8 form first", () => {
    expect(fileNameOf('attachment; filename="events-signup.csv"')).toBe('events-signup.csv');
    expect(
      fileNameOf('attachment; filename="x.csv"; filename*=UTF-8\'\'%D0%BE%D1%82%D0%B2%D0%B5%D1%82.csv'),
    ).toBe('ответ.csv');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(null)).toBeUndefined();
  });

  const request = { url: 'http://platform.test/x', fallbackName: 'fallback.csv', countRecords: true };

  it('reports progress per chunk and names the file', async () => {
    const chunks = [bytes('a,b\r\n1,'), bytes('2\r\n3,4\r\n')];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const seen: Array<{ bytes: number; records: number }> = [];
    const file = await downloadFile(
      async () =>
        new Response(body, {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="a.csv"' },
        }),
      { ...request, signal: new AbortController().signal },
      (progress) => seen.push(progress),
    );
    expect(seen).toEqual([
      { bytes: 7, records: 1 },
      { bytes: 15, records: 3 },
    ]);
    expect(file.name).toBe('a.csv');
    expect(await file.blob.text()).toBe('a,b\r\n1,2\r\n3,4\r\n');
  });

  it("throws a refusal as the platform's error, no connection as network_error, a broken stream as BrokenDownload", async () => {
    const signal = new AbortController().signal;
    const refused = downloadFile(
      async () =>
        new Response(JSON.stringify({ ok: false, error: 'bad_request', message: 'Not offered.' }), {
          status: 400,
        }),
      { ...request, signal },
      () => undefined,
    );
    await expect(refused).rejects.toMatchObject({
      code: 'bad_request',
      status: 400,
      message: 'Not offered.',
    });
    const offline = downloadFile(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      { ...request, signal },
      () => undefined,
    );
    await expect(offline).rejects.toBeInstanceOf(HostError);
    await expect(offline).rejects.toMatchObject({ code: 'network_error' });
    const breaking = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    const broken = downloadFile(
      async () => new Response(breaking),
      { ...request, signal },
      () => undefined,
    );
    await expect(broken).rejects.toBeInstanceOf(BrokenDownload);
  });
});
