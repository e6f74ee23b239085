// The last word on addresses the renderer acts on, whatever the screen, the registry or a host says: it opens only
// https pages and loads only https or inline (data:) images, so a remote screen cannot run javascript: in the host.

function schemeOf(value: string): string | null {
  try {
    return new URL(value).protocol;
  } catch {
    return null;
  }
}

/** An address `openUrl` may hand to the host: absolute https with a host name. */
export function isOpenableUrl(value: unknown): value is string {
  if (typeof value !== 'string' || schemeOf(value) !== 'https:') return false;
  return new URL(value).host !== '';
}

/** A picture the image widget may load: https, or an inline `data:image/…` that is not SVG (SVG can hold script). */
export function isLoadableImage(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const scheme = schemeOf(value);
  if (scheme === 'https:') return new URL(value).host !== '';
  return scheme === 'data:' && /^data:image\/(png|jpeg|gif|webp|avif)[;,]/.test(value);
}
