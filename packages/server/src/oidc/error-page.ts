// The page a failed sign-in shows: what happened in the person's language (Russian or English) and a way to sign in again.
import { formatMessage, type Language } from '../i18n/messages.js';
import type { SignInFailure } from './sign-in-errors.js';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function signInErrorPage(
  failure: SignInFailure,
  language: Language,
  values: { name: string; email?: string },
): string {
  const text = (key: Parameters<typeof formatMessage>[0]['key'], more: Record<string, string> = {}) =>
    escapeHtml(formatMessage({ key, values: { ...more } }, language));
  const said = text(`signin.${failure.problem}`, {
    name: values.name,
    email: values.email ?? '',
    error: failure.error ?? '',
  });
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('signin.title')}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1b1b1f}
a.button{display:inline-block;padding:.6rem 1.2rem;background:#2b59c3;color:#fff;border-radius:.4rem;text-decoration:none}
a.home{margin-left:1rem}</style></head>
<body><main>
<h1>${text('signin.title')}</h1>
<p data-problem="${failure.problem}">${said}</p>
<p><a class="button" href="/auth/login">${text('signin.again')}</a><a class="home" href="/">${text('signin.home')}</a></p>
</main></body></html>
`;
}
