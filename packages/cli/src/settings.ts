// Which platform and which credentials a command uses: flags, then environment, then the config file.
import { CliError, usageError } from './cli-error.js';
import { configPath, type PlatformCredentials, readConfigFile } from './config-file.js';
import { cliLanguage, type Language } from './i18n/messages.js';
import type { Io } from './io.js';

export const DEFAULT_URL = 'http://localhost:8787';

export interface Settings {
  /** Base URL of the platform, without a trailing slash. */
  url: string;
  configPath: string;
  saved: PlatformCredentials;
  env: Readonly<Record<string, string | undefined>>;
  /** The language of the CLI's hints and of the platform's messages (sent as Accept-Language). */
  language: Language;
}

export function resolveSettings(io: Io, urlFlag: string | undefined): Settings {
  const path = configPath(io.env);
  const file = readConfigFile(path);
  const url = normalizeUrl(urlFlag ?? io.env.MINIAPPS_URL ?? file.url ?? DEFAULT_URL);
  const language = cliLanguage(io.env.MINIAPPS_LANG);
  return { url, configPath: path, saved: file.platforms?.[url] ?? {}, env: io.env, language };
}

export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`"${raw}" is not a URL.`, 'MINIAPPS_URL or --url is the base address of the platform.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw usageError(`The platform URL must be http or https (got "${url.protocol}").`);
  }
  return url.toString().replace(/\/+$/, '');
}

/** The deploy token for deploy and notify: MINIAPPS_TOKEN, else the one saved for this platform. */
export function deployToken(settings: Settings): string {
  const token = settings.env.MINIAPPS_TOKEN || settings.saved.token;
  if (!token) {
    throw new CliError(`No deploy token for ${settings.url}.`, 1, 'no_token', [
      'Set MINIAPPS_TOKEN, or create and save one: miniapps tokens create ci --save',
    ]);
  }
  return token;
}

/** The user token for the management API: MINIAPPS_USER_TOKEN, else the one `miniapps login` saved. */
export function userToken(settings: Settings): string {
  const token = settings.env.MINIAPPS_USER_TOKEN || settings.saved.userToken;
  if (!token) {
    throw new CliError(`Not signed in to ${settings.url}.`, 1, 'no_user_token', [
      'Run `miniapps login --email you@example.org` (platforms with the dev login),',
      'or `miniapps login --with-token < token.txt` with a user JWT, or set MINIAPPS_USER_TOKEN.',
    ]);
  }
  return token;
}
