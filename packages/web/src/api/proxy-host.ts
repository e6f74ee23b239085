// The renderer's host in the web client: screens and API calls of an app through the platform's proxy.
import { HostError, type MiniAppHost } from '../renderer/host.js';
import { type ApiClient, errorOf, type RawAnswer } from './client.js';
import { proxyPath } from './paths.js';

/** Asks the proxy for the head (draft or in-review) version; owners' members and moderators only. */
export const PREVIEW_HEADER = 'x-miniapps-preview';

function hostError(answer: RawAnswer, what: string): HostError {
  const error = errorOf(answer);
  const code = error.code.startsWith('http_') ? undefined : error.code;
  return new HostError(`${what}: ${error.message}${code ? ` (${code})` : ''}`, answer.status, code);
}

export function proxyHost(
  api: ApiClient,
  org: string,
  slug: string,
  options: { preview?: boolean } = {},
): MiniAppHost {
  const headers: Record<string, string> = options.preview ? { [PREVIEW_HEADER]: '1' } : {};
  return {
    async loadScreen(path, params) {
      const query = params && Object.keys(params).length > 0 ? `?${new URLSearchParams(params)}` : '';
      const answer = await api.raw('GET', proxyPath(org, slug, 'screen', path) + query, undefined, headers);
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      throw hostError(answer, `The page ${path} could not be loaded`);
    },
    async request(call) {
      const answer = await api.raw(call.method, proxyPath(org, slug, 'api', call.url), call.body, headers);
      if (answer.status >= 200 && answer.status < 300) return answer.body;
      throw hostError(answer, `${call.method} ${call.url.split('?')[0]} failed`);
    },
  };
}
