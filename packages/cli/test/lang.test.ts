// `--lang ru` and MINIAPPS_LANG: the CLI's hints in Russian, and the platform's messages too (Accept-Language).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { hintFor } from '../src/error-messages.js';
import { catalogues } from '../src/i18n/messages.js';
import { freshConfigPath, runCli } from './helpers/cli-process.js';

/** The ICU argument names a text uses (the CLI's texts have no plurals or selects). */
const argumentsOf = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('CLI catalogues', () => {
  it('hold the same keys and arguments in English and Russian', () => {
    expect(Object.keys(catalogues.ru).sort()).toEqual(Object.keys(catalogues.en).sort());
    for (const [key, text] of Object.entries(catalogues.en)) {
      expect(catalogues.ru[key]?.trim(), key).toBeTruthy();
      expect(argumentsOf(catalogues.ru[key] ?? ''), key).toEqual(argumentsOf(text));
    }
  });

  it('give a hint only for a code they hold, in the language asked for', () => {
    expect(hintFor('unauthorized')).toContain('Sign in again');
    expect(hintFor('unauthorized', 'ru')).toContain('Войдите снова');
    expect(hintFor('no_such_code', 'ru')).toBeUndefined();
    // A platform code named like an Object property is not a hint either.
    expect(hintFor('constructor')).toBeUndefined();
    expect(hintFor('toString', 'ru')).toBeUndefined();
  });
});

describe('miniapps --lang', () => {
  let t: TestPlatform;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await startTestPlatform('sqlite');
    // A user token the platform refuses: its message and the CLI's hint both show.
    env = {
      MINIAPPS_CONFIG: freshConfigPath(),
      MINIAPPS_URL: await t.listen(),
      MINIAPPS_USER_TOKEN: 'not-a-jwt',
    };
  });
  afterAll(() => t.close());

  it('speaks English by default', async () => {
    const res = await runCli(['tokens', 'list'], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Error: The user token is invalid or expired. (unauthorized)');
    expect(res.stderr).toContain('Sign in again');
  });

  it('speaks Russian with --lang ru, the platform included, the code unchanged', async () => {
    const res = await runCli(['tokens', '--lang', 'ru', 'list'], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Ошибка: Токен пользователя недействителен или просрочен. (unauthorized)');
    expect(res.stderr).toContain('Войдите снова');
  });

  it('speaks Russian with MINIAPPS_LANG=ru, and --lang=en wins over it', async () => {
    const ru = await runCli(['tokens', 'list'], { env: { ...env, MINIAPPS_LANG: 'ru' } });
    expect(ru.stderr).toContain('Ошибка: Токен пользователя');
    const en = await runCli(['tokens', 'list', '--lang=en'], { env: { ...env, MINIAPPS_LANG: 'ru' } });
    expect(en.stderr).toContain('Error: The user token');
  });

  it('gives the platform message in Russian under --json, the code the same', async () => {
    const res = await runCli(['tokens', 'list', '--json', '--lang', 'ru'], { env });
    expect(JSON.parse(res.stdout)).toMatchObject({
      ok: false,
      error: 'unauthorized',
      message: 'Токен пользователя недействителен или просрочен. (unauthorized)',
    });
  });

  it('refuses a language it does not have', async () => {
    const res = await runCli(['tokens', 'list', '--lang', 'de'], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Unknown language "de" (--lang). Supported languages: en, ru.');
  });
});
