// The browser's side of the default effects: opening addresses, the clipboard and the share sheet.

export function openInNewTab(url: string): void {
  // noopener: the opened page gets no handle on the client window.
  window.open(url, '_blank', 'noopener,noreferrer');
}

export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-http deployments have no async clipboard; the selection-based copy still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('the browser refused to copy');
}

/** The system share sheet when there is one; otherwise the text and address go to the clipboard. */
export async function shareOrCopy(data: { text?: string; url?: string }): Promise<'shared' | 'copied'> {
  if (typeof navigator.share === 'function') {
    await navigator.share(data);
    return 'shared';
  }
  await copyText([data.text, data.url].filter(Boolean).join(' '));
  return 'copied';
}

/** Saves a text as a file through a temporary object URL, as a link with `download` would. */
export function downloadText(text: string, filename: string, type: string): void {
  downloadBlob(new Blob([text], { type }), filename);
}

/** Saves data as a file named `filename` through a temporary object URL (never shown in the page). */
export function downloadBlob(data: Blob, filename: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the download keeps its own copy.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Vibration patterns in milliseconds (on, off, on…): taps by strength, outcomes by rhythm. */
const vibrations = {
  light: [10],
  medium: [20],
  heavy: [40],
  success: [15, 60, 15],
  warning: [30, 80, 30],
  error: [50, 50, 50, 50, 50],
} as const;

/** Vibrates where the browser can (Android Chrome); elsewhere (iOS Safari, desktops) nothing happens, never an error. */
export function vibrate(style: keyof typeof vibrations): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  try {
    navigator.vibrate([...vibrations[style]]);
  } catch {
    // A browser may refuse it (no user gesture yet, a policy): haptics are a nicety, not a failure.
  }
}
