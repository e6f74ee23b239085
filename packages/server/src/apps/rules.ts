// Validation of app fields a developer sets: start path, scopes, origin.
import { MAX_APP_PATH } from '@miniapps/contract';
import { appPathProblem } from '@miniapps/schema';
import { type ScopeName, scopeNames } from '../db/schema.js';
import { checkOrigin } from '../egress/host-rules.js';
import { AppError } from '../errors.js';
import type { Message } from '../i18n/messages.js';

/** An in-app path: starts with `/`, no `..` segment (raw or encoded), no scheme, no control characters. */
export function pathProblem(path: string): Message | undefined {
  if (!path.startsWith('/')) return { key: 'app_path.no_slash' };
  if (path.startsWith('//')) return { key: 'app_path.double_slash' };
  if (path.length > MAX_APP_PATH) return { key: 'app_path.too_long', values: { max: MAX_APP_PATH } };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return { key: 'app_path.control' };
  let decoded = path;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return { key: 'app_path.bad_percent' };
    }
  }
  if (decoded.split(/[/\\]/).some((segment) => segment === '..' || segment === '.'))
    return { key: 'app_path.dot_segments' };
  // The rule the renderer and the host kit hold the app's addresses to (fullwidth dots, `..;`, `#`, `?/../`…).
  if (appPathProblem(path) !== undefined) return { key: 'app_path.leaves_app' };
  return undefined;
}

export function checkStartPath(path: string): string {
  const problem = pathProblem(path);
  if (problem)
    throw new AppError(
      'validation_failed',
      { key: 'apps.bad_start_path', values: { problem } },
      { field: 'startPath' },
    );
  return path;
}

export function checkScopes(scopes: readonly string[]): ScopeName[] {
  const unknown = scopes.filter((s) => !(scopeNames as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw new AppError(
      'validation_failed',
      { key: 'apps.unknown_scopes', values: { unknown: unknown.join(', '), known: scopeNames.join(', ') } },
      {
        field: 'scopes',
        unknown,
      },
    );
  }
  // Keep the registry's order and drop repeats, so two equal sets compare equal.
  return scopeNames.filter((s) => scopes.includes(s));
}

export function checkOriginField(origin: string, internalHosts: readonly string[]): string {
  const check = checkOrigin(origin, internalHosts);
  if (!check.ok) throw new AppError('bad_origin', check.message, { field: 'origin', problem: check.problem });
  return check.origin;
}
