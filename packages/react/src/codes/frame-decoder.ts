// Reads codes from camera frames: the browser's BarcodeDetector where it knows the formats, else zxing-wasm, each
// loaded only when a scan starts.
import type { CodeFormat, ScannedCode } from '@miniapps/host';

/** One frame in, the first code of the asked formats found in it out (undefined when none). */
export type FrameDecoder = (frame: ImageData) => Promise<ScannedCode | undefined>;

/** The Shape Detection API's names (https://wicg.github.io/shape-detection-api/#barcodeformat-section). */
const detectorNames: Record<CodeFormat, string> = { qr: 'qr_code', ean13: 'ean_13', code128: 'code_128' };

interface DetectedBarcode {
  rawValue: string;
  format: string;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): { detect(source: ImageData): Promise<DetectedBarcode[]> };
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's detector when it reads every asked format (Chrome on Android and macOS); Linux and Firefox lack it. */
async function nativeDecoder(formats: readonly CodeFormat[]): Promise<FrameDecoder | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  const wanted = formats.map((format) => detectorNames[format]);
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  if (!wanted.every((name) => supported.includes(name))) return undefined;
  const detector = new Detector({ formats: wanted });
  const byName = new Map(formats.map((format) => [detectorNames[format], format]));
  return async (frame) => {
    for (const found of await detector.detect(frame)) {
      const format = byName.get(found.format);
      if (format && found.rawValue !== '') return { text: found.rawValue, format };
    }
    return undefined;
  };
}

export async function loadFrameDecoder(formats: readonly CodeFormat[]): Promise<FrameDecoder> {
  const native = await nativeDecoder(formats);
  if (native) return native;
  const { zxingDecoder } = await import('./zxing-decoder.js');
  return zxingDecoder(formats);
}
