// The studio's editor driven as a user does: its whole text replaced by a paste, and read back line by line.
import type { Page } from 'playwright-core';

const editor = (page: Page, path: string) =>
  page.getByRole('textbox', { name: `JSON of the screen ${path}` });

/**
 * Replaces the whole text of the editor by a paste (what the editor reads of the clipboard). Chromium's insertText
 * would edit the DOM itself, and lines it begins with spaces come in as no-break spaces.
 */
export async function replaceEditorText(page: Page, value: string, path = '/'): Promise<void> {
  await editor(page, path).click();
  await page.keyboard.press('Control+A');
  await editor(page, path).evaluate((content, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', pasted);
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, value);
}

/** The editor's text as its lines show it (every line is drawn while the screen is short). */
export async function editorText(page: Page, path = '/'): Promise<string> {
  const lines = await editor(page, path).locator('.cm-line').allTextContents();
  return lines.join('\n').replaceAll('\u00a0', ' ').trimEnd();
}
