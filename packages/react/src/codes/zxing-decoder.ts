// zxing-wasm's reader for browsers without BarcodeDetector: its WebAssembly comes from this build's own assets, never
// from the CDN the library would otherwise fetch it from.
/// <reference path="./asset-url.d.ts" />
import type { CodeFormat, ScannedCode } from '@miniapps/host';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

const zxingNames = { qr: 'QRCode', ean13: 'EAN13', code128: 'Code128' } as const;
const byName = new Map<string, CodeFormat>(
  Object.entries(zxingNames).map(([format, name]) => [name, format as CodeFormat]),
);

let prepared: Promise<unknown> | undefined;

// The FrameDecoder of frame-decoder.ts, spelt out: that module imports this one on first use, never the reverse.
export async function zxingDecoder(
  formats: readonly CodeFormat[],
): Promise<(frame: ImageData) => Promise<ScannedCode | undefined>> {
  // The bundler gives a path next to this module's own file; the module's URL makes it absolute.
  const wasm = new URL(wasmUrl, import.meta.url).href;
  prepared ??= prepareZXingModule({ overrides: { locateFile: () => wasm }, fireImmediately: true });
  await prepared;
  const options = {
    formats: formats.map((format) => zxingNames[format]),
    tryHarder: true,
    maxNumberOfSymbols: 1,
  };
  return async (frame): Promise<ScannedCode | undefined> => {
    const [found] = await readBarcodes(frame, options);
    const format = found?.isValid ? byName.get(found.format) : undefined;
    return format && found ? { text: found.text, format } : undefined;
  };
}
