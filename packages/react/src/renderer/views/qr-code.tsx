// qrCode: a text drawn as a QR code on the device, its library loaded on first use; the screen kept on while shown.
import { useEffect, useState } from 'react';
import type { QrDrawing } from '../../codes/qr-matrix.js';
import { useMessages } from '../../i18n/language.js';
import { usePage } from '../context.js';
import type { ViewProps } from './view-props.js';

const DEFAULT_SIZE = 240;

type Drawn = { value: string; drawing: QrDrawing | undefined } | undefined;

export function QrCodeView(props: ViewProps<'qrCode'>) {
  const t = useMessages();
  const { env } = usePage();
  const { value } = props;
  const [drawn, setDrawn] = useState<Drawn>(undefined);
  const size = props.size ?? DEFAULT_SIZE;

  useEffect(() => {
    let live = true;
    if (value === '') return;
    import('../../codes/qr-matrix.js').then(
      ({ drawQr }) => live && setDrawn({ value, drawing: drawQr(value) }),
      () => live && setDrawn({ value, drawing: undefined }),
    );
    return () => {
      live = false;
    };
  }, [value]);

  const keepAwake = props.keepAwake !== false;
  useEffect(() => (keepAwake ? env.holdScreen() : undefined), [env, keepAwake]);

  // Until the code of this very value is ready (or while a bound value is still empty) an empty square holds its
  // place, so the page does not jump and an old code is never shown for a new value.
  const ready = drawn?.value === value && value !== '' ? drawn : undefined;
  const label = props.caption ?? t('qr.label');
  return (
    <figure className="ma-qr" style={{ width: size }}>
      {ready?.drawing ? (
        <svg
          className="ma-qr-code"
          role="img"
          aria-label={label}
          width={size}
          height={size}
          viewBox={`0 0 ${ready.drawing.modules} ${ready.drawing.modules}`}
          shapeRendering="crispEdges"
        >
          {/* White behind the code in every theme: readers expect dark modules on a light quiet zone. */}
          <rect width="100%" height="100%" fill="#fff" />
          <path d={ready.drawing.path} fill="#000" />
        </svg>
      ) : ready ? (
        <p className="ma-qr-too-long" role="alert">
          {t('qr.tooLong')}
        </p>
      ) : (
        <div className="ma-qr-code" style={{ height: size }} aria-busy="true" />
      )}
      {props.caption !== undefined && <figcaption className="ma-qr-caption">{props.caption}</figcaption>}
    </figure>
  );
}
