// The element's later files (QR drawing, the decoder and its WebAssembly) are served only by the names its build's
// manifest lists: a file beside them, a path or an encoded one never reaches the disk.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embedScript } from '../src/embed/embed-script.js';

function builtEmbed(manifest: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'embed-'));
  writeFileSync(join(dir, 'miniapp-view.abc123.js'), 'export {}');
  writeFileSync(join(dir, 'lazy.ABC.js'), 'export const qr = 1');
  writeFileSync(join(dir, 'zxing_reader.XYZ.wasm'), Buffer.from([0, 97, 115, 109]));
  writeFileSync(join(dir, 'secret.txt'), 'not for pages');
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('embed files', () => {
  it('reads the module and every listed later file, and nothing the manifest does not list', () => {
    const dir = builtEmbed({
      'miniapp-view.js': 'miniapp-view.abc123.js',
      lazy: [
        'lazy.ABC.js',
        'zxing_reader.XYZ.wasm',
        '../secret.txt',
        'secret.txt',
        '%2e%2e.x.js',
        'a/b.C.js',
      ],
    });
    const current = embedScript(dir).current();
    expect(current?.file).toBe('miniapp-view.abc123.js');
    expect([...(current?.lazy.keys() ?? [])]).toEqual(['lazy.ABC.js', 'zxing_reader.XYZ.wasm']);
    expect(current?.lazy.get('zxing_reader.XYZ.wasm')).toEqual(Buffer.from([0, 97, 115, 109]));
  });

  it('an older manifest without later files still serves the module', () => {
    const current = embedScript(builtEmbed({ 'miniapp-view.js': 'miniapp-view.abc123.js' })).current();
    expect(current?.file).toBe('miniapp-view.abc123.js');
    expect(current?.lazy.size).toBe(0);
  });
});
