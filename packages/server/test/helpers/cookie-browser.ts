// A browser without a screen for sign-in tests: fetch with a cookie jar, redirects followed by hand, forms submitted.
export { freePort } from './redis-server.js';

export interface Step {
  status: number;
  url: string;
  location: string | undefined;
  body: string;
  headers: Headers;
}

export class CookieBrowser {
  /** Cookies by origin, then by name. */
  readonly jar = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jar.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(origin, cookies);
  }

  /** One request, no redirect followed; cookies sent and kept (a Max-Age=0 cookie is removed). */
  async request(url: string, init: RequestInit = {}): Promise<Step> {
    const origin = new URL(url).origin;
    const headers = new Headers(init.headers);
    const cookies = this.jar.get(origin);
    if (cookies && cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      const jar = this.jar.get(origin) ?? new Map<string, string>();
      if (gone) jar.delete(name);
      else jar.set(name, value);
      this.jar.set(origin, jar);
    }
    const location = response.headers.get('location') ?? undefined;
    return {
      status: response.status,
      url,
      location: location && new URL(location, url).href,
      body: await response.text(),
      headers: response.headers,
    };
  }

  /** Follows redirects until one leads to a URL `stop` accepts (returned unvisited) or an answer that is not one. */
  async follow(url: string, stop: (next: string) => boolean = () => false): Promise<Step> {
    let step = await this.request(url);
    for (let hops = 0; step.location && hops < 20; hops++) {
      if (stop(step.location)) return step;
      step = await this.request(step.location);
    }
    return step;
  }

  /** Submits the page's first form with these fields added to its hidden ones. */
  async submit(page: Step, fields: Record<string, string>): Promise<Step> {
    const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.body);
    if (!form) throw new Error(`no form on ${page.url}: ${page.body.slice(0, 300)}`);
    const body = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name) body.set(name, value);
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return this.request(new URL(form[1]!.replaceAll('&amp;', '&'), page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  }
}

/**
 * From `startUrl` (the platform's /auth/login, or any address that sends the browser to the IdP) through the test
 * IdP's login form as `login`, up to the redirect to an address starting with `returnPrefix`: that address, not
 * visited. An IdP that still has a session sends the browser straight back without the form.
 */
export async function throughLoginForm(
  browser: CookieBrowser,
  startUrl: string,
  returnPrefix: string,
  login: string,
): Promise<string> {
  const back = (url: string | undefined): url is string => url?.startsWith(returnPrefix) ?? false;
  const started = await browser.request(startUrl);
  if (!started.location)
    throw new Error(`${startUrl} did not redirect: ${started.status} ${started.body.slice(0, 200)}`);
  const form = await browser.follow(started.location, back);
  if (back(form.location)) return form.location;
  const sent = await browser.submit(form, { login, password: 'any password' });
  const end = back(sent.location) ? sent : await browser.follow(sent.location!, back);
  if (!back(end.location)) throw new Error(`the IdP did not send the browser back: ${end.status} ${end.url}`);
  return end.location;
}
