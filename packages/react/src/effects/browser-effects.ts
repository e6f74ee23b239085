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
