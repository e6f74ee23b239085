// What a magnified page (200 % zoom) must not do: cut text off at the window's edge or inside its box, lay one
// control or text over another, or scroll sideways. Checked on element boxes inside the page.
import type { Page } from 'playwright-core';

/** Each problem as "what: element", empty when the page reads whole. */
export async function layoutProblems(page: Page): Promise<string[]> {
  // A script string: this helper is compiled without the DOM types.
  return (await page.evaluate(`(() => {
    const problems = [];
    const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
    const shown = (el) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      // Text kept for screen readers only (clipped to a pixel, e.g. a phone's table headers) is not read on screen.
      for (let up = el; up; up = up.parentElement) {
        const s = getComputedStyle(up);
        const b = up.getBoundingClientRect();
        if (s.clip && s.clip !== 'auto') return false;
        if (['hidden', 'clip'].includes(s.overflowX) && (b.width <= 1 || b.height <= 1)) return false;
      }
      return true;
    };
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('scrolls sideways');
    const readable = [...document.body.querySelectorAll(
      'h1, h2, h3, p, label, a, button, input, select, textarea, th, td, li, legend, summary, code, .badge')].filter(shown);
    for (const el of readable) {
      const box = el.getBoundingClientRect();
      if (box.left < -1 || box.right > window.innerWidth + 1) problems.push('past the window edge: ' + name(el));
      const style = getComputedStyle(el);
      const clips = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (clips && own && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
        problems.push('text cut off: ' + name(el));
      }
    }
    // Controls and headings must not lie over one another (one inside another is fine).
    const solid = readable.filter((el) => el.matches('h1, h2, h3, label, a, button, input, select, textarea, .badge'));
    for (let i = 0; i < solid.length; i++) {
      for (let j = i + 1; j < solid.length; j++) {
        const a = solid[i], b = solid[j];
        if (a.contains(b) || b.contains(a)) continue;
        const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
        const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (x > 2 && y > 2) problems.push('overlap: ' + name(a) + ' / ' + name(b));
      }
    }
    return problems;
  })()`)) as string[];
}
