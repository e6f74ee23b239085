// Draws the client's home-screen icons (public/icons/*.png, committed): four tiles on the accent colour, inside the
// maskable safe zone so one picture serves as `any` and `maskable`. Run again after changing the picture:
//   npx tsx packages/web/scripts/app-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** The theme colour of the manifest and of `--accent` in src/styles.css. */
const ACCENT = [0x25, 0x63, 0xeb] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An opaque RGB PNG of `size`×`size` pixels coloured by `colour(x, y)`. */
function png(size: number, colour: (x: number, y: number) => readonly number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rows.set(colour(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Four rounded tiles in the middle 50% (a maskable icon's safe zone is the inner 80% circle). */
function tiles(size: number) {
  const tile = size * 0.22;
  const gap = size * 0.06;
  const start = (size - 2 * tile - gap) / 2;
  const radius = tile * 0.22;
  return (x: number, y: number) => {
    for (const left of [start, start + tile + gap]) {
      for (const top of [start, start + tile + gap]) {
        const dx = Math.max(left + radius - x, 0, x - (left + tile - radius));
        const dy = Math.max(top + radius - y, 0, y - (top + tile - radius));
        if (
          x >= left &&
          x < left + tile &&
          y >= top &&
          y < top + tile &&
          dx * dx + dy * dy <= radius * radius
        ) {
          return WHITE;
        }
      }
    }
    return ACCENT;
  };
}

const dir = join(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(dir, { recursive: true });
for (const size of [192, 512]) writeFileSync(join(dir, `icon-${size}.png`), png(size, tiles(size)));
// iOS's home screen ignores the manifest's icons and reads apple-touch-icon (180 px).
writeFileSync(join(dir, 'apple-touch-icon.png'), png(180, tiles(180)));
