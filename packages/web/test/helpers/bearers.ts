// What a browser page sent as its bearer on each platform call, and the check that an app's calls carried only its session token.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface SentCall {
  method: string;
  url: string;
  authorization: string | undefined;
}

/** Starts recording every request of `page`; `sent()` resolves with them all, headers as the network saw them. */
export function recordBearers(page: Page) {
  const calls: Array<Promise<SentCall>> = [];
  page.on('request', (request) => {
    calls.push(
      request.allHeaders().then((headers) => ({
        method: request.method(),
        url: request.url(),
        authorization: headers.authorization,
      })),
    );
  });
  return { sent: () => Promise.all(calls) };
}

const headerOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { typ?: string };
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { app?: string };

/**
 * Every proxy call of `app` carried an app session token bound to it and never the user's JWT; the user's JWT
 * went only to the exchange (and the platform's other API), never to the proxy. Returns the proxy calls seen.
 */
export function expectAppSessionsOnly(sent: SentCall[], userToken: string, app: string): SentCall[] {
  const proxied = sent.filter(
    (s) => s.url.includes('/functions/v1/miniapp-proxy/') && s.method !== 'OPTIONS',
  );
  for (const call of proxied) {
    expect(call.authorization, call.url).toMatch(/^Bearer \S+$/);
    const token = call.authorization!.slice('Bearer '.length);
    expect(token, call.url).not.toBe(userToken);
    expect(headerOf(token).typ, call.url).toBe('miniapp-session+jwt');
    if (call.url.includes(`/miniapp-proxy/${app}/`)) expect(claimsOf(token).app).toBe(app);
  }
  const exchanges = sent.filter(
    (s) => s.url.endsWith(`/api/v1/me/apps/${app}/session`) && s.method === 'POST',
  );
  expect(exchanges.length).toBeGreaterThan(0);
  for (const exchange of exchanges) expect(exchange.authorization).toBe(`Bearer ${userToken}`);
  expect(
    sent.filter((s) => s.authorization?.includes(userToken) && s.url.includes('/miniapp-proxy/')),
  ).toEqual([]);
  return proxied;
}
