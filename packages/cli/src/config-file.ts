// The CLI's own config file: the default platform address and, per platform, the tokens saved by login/tokens.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliError } from './cli-error.js';
import { text } from './i18n/messages.js';

export interface PlatformCredentials {
  /** Deploy token saved by `miniapps tokens create --save`. */
  token?: string;
  /** User JWT saved by `miniapps login`: the ID token of an OpenID Connect sign-in, or a JWT given with --with-token. */
  userToken?: string;
  email?: string;
  /** Where the user token came from when `miniapps login` signed in at an identity provider, to refresh and revoke it. */
  oidc?: OidcSignIn;
}

export interface OidcSignIn {
  issuer: string;
  clientId: string;
  /** When the saved ID token expires, in seconds since the epoch (its `exp`). */
  expiresAt: number;
  refreshToken?: string;
  accessToken?: string;
}

export interface ConfigFile {
  url?: string;
  /** Credentials by platform base URL, so a token is never sent to another platform than the one that issued it. */
  platforms?: Record<string, PlatformCredentials>;
}

/** `MINIAPPS_CONFIG`, else `$XDG_CONFIG_HOME/miniapps/config.json`, else `~/.config/miniapps/config.json`. */
export function configPath(env: Readonly<Record<string, string | undefined>>): string {
  if (env.MINIAPPS_CONFIG) return env.MINIAPPS_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || env.USERPROFILE || '.', '.config');
  return join(base, 'miniapps', 'config.json');
}

export function readConfigFile(path: string): ConfigFile {
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(
      text('cli.config_bad_json', { path, reason: (error as Error).message }),
      1,
      'bad_config',
      [text('cli.config_bad_json_hint')],
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliError(text('cli.config_not_object', { path }), 1, 'bad_config');
  }
  return parsed as ConfigFile;
}

/**
 * Merges credentials for one platform into the file (and makes it the default platform when `defaultUrl` is
 * given); written 0600 through a rename, so it is never half-written.
 */
export function saveCredentials(
  path: string,
  url: string,
  credentials: PlatformCredentials,
  defaultUrl?: string,
): void {
  const config = readConfigFile(path);
  const platforms = { ...config.platforms, [url]: { ...config.platforms?.[url], ...credentials } };
  writeConfigFile(path, { ...config, ...(defaultUrl !== undefined && { url: defaultUrl }), platforms });
}

/** Removes saved credentials of one platform. */
export function forgetCredentials(
  path: string,
  url: string,
  keys: readonly (keyof PlatformCredentials)[],
): void {
  const config = readConfigFile(path);
  const saved = config.platforms?.[url];
  if (!saved) return;
  const kept = Object.fromEntries(
    Object.entries(saved).filter(([key]) => !keys.includes(key as keyof PlatformCredentials)),
  );
  writeConfigFile(path, { ...config, platforms: { ...config.platforms, [url]: kept } });
}

function writeConfigFile(path: string, next: ConfigFile): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
