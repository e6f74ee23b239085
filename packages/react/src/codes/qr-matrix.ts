// A text as a QR code's dark modules, one SVG path: loaded on first use (dynamic import) so the element stays small.
import { encode } from 'uqr';

/** Modules of white margin on each side: the four the QR standard asks of a reader's quiet zone. */
export const QUIET_ZONE = 4;

export interface QrDrawing {
  /** Modules across, margin included: the SVG's viewBox is this square. */
  modules: number;
  /** One `M x y h1 v1 h-1 z` square a dark module, for a path filled in the text colour. */
  path: string;
}

/**
 * The code of `value` as UTF-8 bytes at error correction M (15% of it may be covered or dirty and it still reads),
 * or undefined when the text is too long for the largest code (version 40).
 */
export function drawQr(value: string): QrDrawing | undefined {
  let code: ReturnType<typeof encode>;
  try {
    code = encode(value, { ecc: 'M', border: QUIET_ZONE });
  } catch {
    return undefined;
  }
  const squares: string[] = [];
  code.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { modules: code.size, path: squares.join('') };
}
