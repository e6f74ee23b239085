// Which platform and which credentials a command uses: flags, then environment, then the config file.
import { CliError, usageError } from './cli-error.js';
import { configPath, type PlatformCredentials, readConfigFile } from './config-file.js';
import { cliLanguage } from './i18n/language.js';
import { type Language, type Translate, text, translator } from './i18n/messages.js';
import type { Io } from './io.js';
import { freshSavedToken } from './sign-in/saved-sign-in.js';

export const DEFAULT_URL = 'http://localhost:8787';

export interface Settings {
  /** Base URL of the platform, without a trailing slash. */
  url: string;
  configPath: string;
  saved: PlatformCredentials;
  env: Readonly<Record<string, string | undefined>>;
  /** The language of the CLI's texts and of the platform's messages (sent as Accept-Language). */
  language: Language;
  t: Translate;
}

export function resolveSettings(io: Io, urlFlag: string | undefined): Settings {
  const path = configPath(io.env);
  const language = cliLanguage(undefined, io.env.MINIAPPS_LANG);
  const t = translator(language);
  const file = readConfigFile(path);
  const url = normalizeUrl(urlFlag ?? io.env.MINIAPPS_URL ?? file.url ?? DEFAULT_URL);
  return { url, configPath: path, saved: file.platforms?.[url] ?? {}, env: io.env, language, t };
}

export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(text('cli.bad_url', { url: raw }), text('cli.bad_url_hint'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw usageError(text('cli.url_scheme', { protocol: url.protocol }));
  }
  return url.toString().replace(/\/+$/, '');
}

/** The deploy token for deploy and notify: MINIAPPS_TOKEN, else the one saved for this platform. */
export function deployToken(settings: Settings): string {
  const token = settings.env.MINIAPPS_TOKEN || settings.saved.token;
  if (!token) {
    throw new CliError(text('cli.no_token', { url: settings.url }), 1, 'no_token', [
      text('cli.no_token_hint'),
    ]);
  }
  return token;
}

/**
 * The user token for the management API: MINIAPPS_USER_TOKEN, else the one `miniapps login` saved (refreshed
 * at the identity provider first when it is about to run out).
 */
export async function userToken(settings: Settings): Promise<string> {
  const token = settings.env.MINIAPPS_USER_TOKEN || (await freshSavedToken(settings, settings.saved));
  if (!token) {
    throw new CliError(text('cli.no_user_token', { url: settings.url }), 1, 'no_user_token', [
      text('cli.no_user_token_hint'),
    ]);
  }
  return token;
}
