// The browser's scanner: the camera's picture over the app with a Cancel button, frames read until a code is found.
import type { CodeFormat, ScannedCode } from '@miniapps/host';
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../i18n/language.js';
import { DeviceFailure } from '../renderer/device.js';
import { cameraFailure } from './camera-failure.js';
import { loadFrameDecoder } from './frame-decoder.js';

/** A scan waiting for its outcome: a code, null when the user cancelled, or why it could not scan. */
export interface ScanRequest {
  formats: readonly CodeFormat[];
  done(outcome: ScannedCode | null | DeviceFailure): void;
}

/** Frames are read at most this often: enough to feel instant, little enough for a phone's battery. */
const FRAME_GAP_MS = 120;
/** The longer side of a frame as read: a code filling a quarter of a 640-pixel frame still has big modules. */
const FRAME_SIDE = 640;

const stopStream = (stream: MediaStream | undefined) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** Reads frames of the playing video until one holds a code or `stopped()` says the scan is over. */
async function readFrames(
  video: HTMLVideoElement,
  decode: Awaited<ReturnType<typeof loadFrameDecoder>>,
  stopped: () => boolean,
): Promise<ScannedCode | undefined> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new DeviceFailure('failed', 'scanCode', 'no 2D canvas');
  while (!stopped()) {
    const { videoWidth: width, videoHeight: height } = video;
    if (width > 0 && height > 0) {
      const scale = Math.min(1, FRAME_SIDE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const code = await decode(context.getImageData(0, 0, canvas.width, canvas.height));
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, FRAME_GAP_MS));
  }
  return undefined;
}

export function CameraScanner({ request }: { request: ScanRequest }) {
  const t = useMessages();
  const video = useRef<HTMLVideoElement>(null);
  const cancel = useRef<() => void>(() => {});
  const [reading, setReading] = useState(false);

  useEffect(() => {
    let over = false;
    let stream: MediaStream | undefined;
    const finish = (outcome: ScannedCode | null | DeviceFailure) => {
      if (over) return;
      over = true;
      stopStream(stream);
      request.done(outcome);
    };
    cancel.current = () => finish(null);
    const scan = async () => {
      const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
      // No mediaDevices at all: an insecure page (http other than localhost) or a browser without a camera API.
      if (!media?.getUserMedia) return finish(new DeviceFailure('unsupported', 'scanCode'));
      try {
        stream = await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        return finish(cameraFailure(error));
      }
      if (over) return stopStream(stream);
      const element = video.current;
      if (!element) return finish(null);
      element.srcObject = stream;
      await element.play().catch(() => {});
      try {
        // The decoder (zxing-wasm where the browser has no BarcodeDetector) loads only now, once a camera is on.
        const decode = await loadFrameDecoder(request.formats);
        if (over) return;
        setReading(true);
        const code = await readFrames(element, decode, () => over);
        if (code) finish(code);
      } catch (error) {
        finish(
          error instanceof DeviceFailure ? error : new DeviceFailure('failed', 'scanCode', String(error)),
        );
      }
    };
    void scan();
    // Unmounted (the app closed, the scan timed out): the camera goes off and the scan ends as cancelled.
    return () => finish(null);
  }, [request]);

  return (
    <div className="ma-backdrop ma-scanner-backdrop">
      <div className="ma-scanner" role="dialog" aria-modal="true" aria-label={t('scan.title')}>
        {/* biome-ignore lint/a11y/useMediaCaption: a live camera picture has no speech to caption. */}
        <video ref={video} className="ma-scanner-video" muted playsInline />
        <p className="ma-scanner-hint" role="status">
          {reading ? t('scan.hint') : t('scan.starting')}
        </p>
        <button type="button" className="ma-button ma-button-secondary" onClick={() => cancel.current()}>
          {t('scan.cancel')}
        </button>
      </div>
    </div>
  );
}
