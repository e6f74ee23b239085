// A response with files sent by the host kit as a native host would: multipart to the platform's responses route,
// kept whole, downloaded by the app's owner with the same bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../server/test/helpers/platform.js';
import { hostedApp } from '../../server/test/helpers/proxy-apps.js';
import { type HostPlatform, startHostPlatform } from './helpers/host-platform.js';

const docs = {
  type: 'screen',
  children: [
    {
      type: 'form',
      id: 'd',
      collect: { name: 'docs', allowEdit: true },
      children: [
        { type: 'textField', name: 'fullName', required: true },
        { type: 'fileField', name: 'scan', accept: ['application/pdf'], required: true },
      ],
    },
  ],
};

describe('host.proxy.responses with files', () => {
  let p: HostPlatform;
  let dev: SignedIn;
  beforeAll(async () => {
    p = await startHostPlatform();
    dev = await p.t.login('dev@uni.example');
    await hostedApp(p.t, dev, { org: 'acme', slug: 'forms', live: [{ path: '/', json: docs }] });
  });
  afterAll(async () => p?.close());

  it('submits the values and the files, edits the file, and the owner downloads the same bytes', async () => {
    const responses = p.host.proxy.responses('acme/forms');
    const bytes = new TextEncoder().encode(`%PDF-1.7\n${'x'.repeat(5000)}`);
    const stored = await responses.submit(
      'docs',
      { fullName: 'Анна' },
      { files: { scan: [new File([bytes], 'справка.pdf', { type: 'application/pdf' })] } },
    );
    const [file] = stored.values.scan as { id: string; name: string; size: number; type: string }[];
    expect(file).toMatchObject({ name: 'справка.pdf', size: bytes.length, type: 'application/pdf' });

    const download = await fetch(
      `${p.baseUrl}/api/v1/orgs/acme/apps/forms/responses/${stored.id}/files/${file!.id}`,
      {
        headers: { authorization: `Bearer ${dev.token}` },
      },
    );
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);

    // Without files the edit keeps the file; a file that is no PDF is refused with the platform's code.
    const edited = await responses.edit('docs', stored.id, { fullName: 'Анна П.' });
    expect(edited.values).toMatchObject({ fullName: 'Анна П.', scan: [{ id: file!.id }] });
    await expect(
      responses.edit(
        'docs',
        stored.id,
        { fullName: 'A' },
        { files: { scan: [new File(['plain'], 'x.pdf', { type: 'application/pdf' })] } },
      ),
    ).rejects.toMatchObject({ code: 'file_type_mismatch' });
  });
});
