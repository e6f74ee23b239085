// The preview page of `miniapps dev`: screens and findings on the left, the rendered app (or its JSON) on the right.
import { english, type Translate } from '../i18n/messages.js';

/** The page's own texts in the CLI's language; `%s` marks where the script puts a value. */
function pageTexts(t: Translate) {
  return {
    noFindings: t('dev.page.no_findings'),
    wholeFile: t('findings.whole_file'),
    didYouMean: t('findings.did_you_mean', { suggestion: '%s' }),
    severity: {
      error: t('findings.severity.error'),
      unknown: t('findings.severity.unknown'),
      warning: t('findings.severity.warning'),
    },
    rendered: t('dev.page.rendered'),
    plainJson: t('dev.page.plain_json', { reason: '%s' }),
    noRenderer: t('dev.page.no_renderer'),
    watching: t('dev.page.watching', { folder: '%s' }),
  };
}

/** The page's script reads /__miniapps/state and reloads itself when the server says a file changed. */
export function previewPage(title: string, t: Translate = english): string {
  // `<` escaped so no text can close the script element.
  const texts = JSON.stringify(pageTexts(t)).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${escapeHtml(t('dev.page.lang'))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · miniapps dev</title>
<link rel="stylesheet" href="/__miniapps/renderer.css">
<style>
  body { margin: 0; font: 14px/1.4 system-ui, sans-serif; display: grid; grid-template-columns: 320px 1fr; height: 100vh; }
  aside { border-right: 1px solid #ddd; overflow: auto; padding: 12px; background: #fafafa; }
  main { overflow: auto; padding: 16px; display: flex; justify-content: center; }
  #app { width: 390px; min-height: 640px; border: 1px solid #ccc; border-radius: 16px; overflow: hidden; background: #fff; }
  #json { width: 100%; white-space: pre-wrap; font: 12px/1.4 ui-monospace, monospace; }
  h1 { font-size: 15px; margin: 0 0 8px; } h2 { font-size: 13px; margin: 16px 0 4px; color: #555; }
  ul { list-style: none; padding: 0; margin: 0; } li { padding: 2px 0; }
  a { color: #0550ae; text-decoration: none; } .file { color: #777; font-size: 12px; }
  .error { color: #b00020; } .unknown { color: #9a6700; } .warning { color: #555; }
  #status { font-size: 12px; color: #777; }
</style>
</head>
<body>
<aside>
  <h1>${escapeHtml(title)}</h1>
  <div id="status">${escapeHtml(t('dev.page.connecting'))}</div>
  <h2>${escapeHtml(t('dev.page.screens'))}</h2><ul id="screens"></ul>
  <h2>${escapeHtml(t('dev.page.findings'))}</h2><ul id="findings"></ul>
  <p id="mode" class="file"></p>
</aside>
<main><div id="app" hidden></div><pre id="json" hidden></pre></main>
<script src="/__miniapps/renderer.js"></script>
<script type="module">
const texts = ${texts};
const $ = (id) => document.getElementById(id);
const text = (tag, value, cls) => { const el = document.createElement(tag); el.textContent = value; if (cls) el.className = cls; return el; };
const state = await (await fetch('/__miniapps/state')).json();
const page = new URLSearchParams(location.search).get('page') ?? undefined;
for (const screen of state.screens) {
  const li = document.createElement('li');
  const link = text('a', screen.path);
  link.href = '?page=' + encodeURIComponent(screen.path);
  li.append(link, ' ', text('span', screen.file, 'file'));
  $('screens').append(li);
}
if (state.findings.length === 0) $('findings').append(text('li', texts.noFindings));
for (const f of state.findings) {
  const suggestion = f.suggestion ? texts.didYouMean.replace('%s', () => f.suggestion) : '';
  $('findings').append(text('li', texts.severity[f.severity] + ' ' + f.file + ' ' + (f.pointer || texts.wholeFile) + ': ' + f.message + suggestion, f.severity));
}
if (window.miniappsPreview) {
  $('mode').textContent = texts.rendered;
  $('app').hidden = false;
  window.miniappsPreview.mount($('app'), {
    startPath: state.startPath,
    initialPage: page,
    title: state.title,
    onNavigate: (link) => history.replaceState(null, '', '?page=' + encodeURIComponent(link)),
  });
} else {
  $('mode').textContent = texts.plainJson.replace('%s', () => state.renderer.reason ?? texts.noRenderer);
  $('json').hidden = false;
  const path = (page ?? state.startPath).split('?')[0];
  const res = await fetch('/__miniapps/screen?path=' + encodeURIComponent(path));
  $('json').textContent = JSON.stringify(await res.json(), null, 2);
}
const events = new EventSource('/__miniapps/events');
events.addEventListener('open', () => { $('status').textContent = texts.watching.replace('%s', () => state.folder); });
events.addEventListener('change', () => location.reload());
</script>
</body>
</html>
`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
