// A video file for Chromium's fake camera (--use-file-for-fake-video-capture): YUV4MPEG2, 4:2:0, a QR code drawn
// big on white with its quiet zone, or a blank grey picture; and a decoder of codes in pictures, both offline.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'uqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const WIDTH = 640;
const HEIGHT = 480;
/** Chromium loops the file; a few identical frames are enough for a still picture. */
const FRAMES = 5;

/** Luma of a frame: `dark(x, y)` pixels black, the rest `background`. */
function lumaPlane(dark: (x: number, y: number) => boolean, background: number): Buffer {
  const plane = Buffer.alloc(WIDTH * HEIGHT, background);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) if (dark(x, y)) plane[y * WIDTH + x] = 0;
  }
  return plane;
}

/** Writes the frames as a .y4m file (header, then `FRAME` + Y, U, V planes each); returns its path. */
function writeY4m(name: string, luma: Buffer): string {
  // Chroma at 128 is no colour: the picture is grey levels only.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const file = join(tmpdir(), `${name}-${process.pid}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}

/** A camera pointed at a QR code of `text`: modules as big as the frame's height allows, quiet zone included. */
export function qrVideo(text: string): string {
  const code = encode(text, { ecc: 'M', border: 4 });
  const scale = Math.floor(HEIGHT / code.size);
  const left = Math.floor((WIDTH - code.size * scale) / 2);
  const top = Math.floor((HEIGHT - code.size * scale) / 2);
  const dark = (x: number, y: number) => {
    const column = Math.floor((x - left) / scale);
    const row = Math.floor((y - top) / scale);
    return code.data[row]?.[column] === true;
  };
  return writeY4m('qr-camera', lumaPlane(dark, 255));
}

/** A camera pointed at nothing: a grey picture with no code in it. */
export function blankVideo(): string {
  return writeY4m(
    'blank-camera',
    lumaPlane(() => false, 160),
  );
}

let prepared: Promise<unknown> | undefined;

/** The codes zxing-wasm reads in a PNG (a screenshot), its WebAssembly read from node_modules, not fetched. */
export async function codesInPicture(png: Uint8Array): Promise<Array<{ text: string; format: string }>> {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  prepared ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer },
    fireImmediately: true,
  });
  await prepared;
  const found = await readBarcodes(png, { formats: ['QRCode'], tryHarder: true });
  return found.filter((code) => code.isValid).map((code) => ({ text: code.text, format: code.format }));
}
