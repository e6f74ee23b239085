// `--lang ru` and MINIAPPS_LANG: everything the CLI prints in Russian (help, findings, progress, its own errors)
// and the platform's messages too (Accept-Language); English by default; a missing or unknown language refused.

import { spawn } from 'node:child_process';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholders } from '../../server/test/helpers/icu-placeholders.js';
import { type SignedIn, startTestPlatform, type TestPlatform } from '../../server/test/helpers/platform.js';
import { commands } from '../src/cli.js';
import { commonOptions } from '../src/command.js';
import { hintFor } from '../src/error-messages.js';
import { catalogues } from '../src/i18n/messages.js';
import { BIN, freshConfigPath, runCli } from './helpers/cli-process.js';
import { createDeployToken, registerApp, signUp } from './helpers/developer.js';
import { screensFolder, textScreen } from './helpers/screens-folder.js';

/** The categories of each plural argument of a text (`count: few,many,one,other`). */
function pluralForms(text: string): string[] {
  const found: string[] = [];
  const walk = (elements: ReturnType<typeof parse>): void => {
    for (const element of elements) {
      if (element.type === TYPE.plural)
        found.push(`${element.value}: ${Object.keys(element.options).sort().join(',')}`);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(text, { ignoreTag: true }));
  return found;
}

const cyrillic = /[а-яё]/i;

describe('CLI catalogues', () => {
  it('hold the same keys, each with the same ICU arguments, in English and Russian', () => {
    expect(Object.keys(catalogues.ru).sort()).toEqual(Object.keys(catalogues.en).sort());
    for (const [key, text] of Object.entries(catalogues.en)) {
      expect(catalogues.ru[key]?.trim(), key).toBeTruthy();
      expect(placeholders(catalogues.ru[key] ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('give every Russian plural the forms one, few, many and other (1 экран, 2 экрана, 5 экранов)', () => {
    for (const [key, text] of Object.entries(catalogues.ru)) {
      for (const plural of pluralForms(text)) {
        const forms = plural.split(': ')[1]?.split(',') ?? [];
        // `=0 {}` alone (nothing said of zero) needs no forms of its own, but the others all must be there.
        for (const form of ['one', 'few', 'many', 'other']) {
          if (!forms.includes('=0') || forms.length > 2) expect(forms, `${key} ${plural}`).toContain(form);
        }
      }
    }
  });

  it('hold the help of every command: summary, usage, details and each option', () => {
    const missing: string[] = [];
    for (const command of commands) {
      const parts = [
        'summary',
        'usage',
        'details',
        ...Object.keys(command.options).map((o) => `option.${o}`),
      ];
      for (const part of parts) {
        if (!(`help.${command.name}.${part}` in catalogues.en)) missing.push(`help.${command.name}.${part}`);
      }
    }
    for (const option of Object.keys(commonOptions)) {
      if (!(`help.option.${option}` in catalogues.en)) missing.push(`help.option.${option}`);
    }
    expect(missing).toEqual([]);
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

describe('miniapps --lang: which language', () => {
  const folder = screensFolder({ 'index.json': textScreen('home') });

  it('is English by default and with an empty MINIAPPS_LANG', async () => {
    for (const env of [{}, { MINIAPPS_LANG: '' }]) {
      const res = await runCli(['validate', folder], { env, cwd: folder });
      expect(res.code).toBe(0);
      expect(res.stdout).toBe('1 screen(s) in .: 0 error(s), 0 unknown type(s), 0 warning(s).\n');
    }
  });

  it('is Russian with ru, RU, --lang=ru or MINIAPPS_LANG=ru; --lang wins over MINIAPPS_LANG', async () => {
    const russian = '1 экран в .: 0 ошибок, 0 неизвестных типов, 0 предупреждений.\n';
    for (const [args, env] of [
      [['validate', '--lang', 'ru', folder], {}],
      [['--lang', 'RU', 'validate', folder], {}],
      [['validate', folder, '--lang=ru'], { MINIAPPS_LANG: 'en' }],
      [['validate', folder], { MINIAPPS_LANG: 'ru' }],
    ] as const) {
      const res = await runCli(args, { env, cwd: folder });
      expect(res.stdout, args.join(' ')).toBe(russian);
    }
    const en = await runCli(['validate', folder, '--lang', 'en'], {
      env: { MINIAPPS_LANG: 'ru' },
      cwd: folder,
    });
    expect(en.stdout).toContain('1 screen(s) in .');
  });

  it('refuses --lang without a language, naming the supported ones (exit 2)', async () => {
    for (const args of [
      ['validate', folder, '--lang'],
      ['validate', folder, '--lang='],
      ['validate', '--lang', '--strict', folder],
    ]) {
      const res = await runCli(args, { cwd: folder });
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toBe('Error: --lang needs a language: en, ru.\nFor example: --lang ru\n');
    }
    const json = await runCli(['validate', folder, '--json', '--lang'], { cwd: folder });
    expect(json.code).toBe(2);
    expect(json.json()).toMatchObject({
      ok: false,
      error: 'usage',
      message: '--lang needs a language: en, ru.',
    });
  });

  it('refuses a language it has no catalogue for, from --lang or MINIAPPS_LANG, listing en and ru', async () => {
    for (const value of ['de', 'rus', 'ru-RU']) {
      const res = await runCli(['validate', folder, '--lang', value], { cwd: folder });
      expect(res.code, value).toBe(2);
      expect(res.stderr).toContain(
        `Error: Unknown language "${value}" (--lang). Supported languages: en, ru.`,
      );
    }
    const env = await runCli(['validate', folder], { env: { MINIAPPS_LANG: 'fr' }, cwd: folder });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('Unknown language "fr" (MINIAPPS_LANG). Supported languages: en, ru.');
  });
});

describe('miniapps --lang ru: help', () => {
  it('lists the commands, the environment and the options in Russian', async () => {
    const res = await runCli(['--help', '--lang', 'ru']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Использование: miniapps <команда> \[параметры\]\n/);
    expect(res.stdout).toContain('Команды:');
    expect(res.stdout).toContain('Переменные окружения:');
    expect(res.stdout).toContain('  deploy     Заменить экраны размещённого приложения JSON-файлами папки.');
    // The commands, then the environment variables (MINIAPPS_URL, _TOKEN, _USER_TOKEN, _CONFIG, _LANG, BROWSER).
    const rows = res.stdout.split('\n').filter((line) => /^ {2}\S/.test(line));
    expect(rows.length).toBe(commands.length + 6);
    for (const row of rows) expect(row).toMatch(cyrillic);
  });

  it.each(commands.map((c) => c.name))('%s --help is in Russian, every option described', async (name) => {
    const res = await runCli([name, '--help', '--lang', 'ru']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^Использование: miniapps ${name}`));
    const [, options = ''] = res.stdout.split('\nПараметры:\n');
    const rows = options.split('\n').filter((line) => /^ {2}(-h, | {4})--/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row).toMatch(cyrillic);
    expect(res.stdout).toContain('--lang <en|ru>');
    expect(res.stdout).toContain('\nПримеры:\n');
    for (const english of ['Usage:', 'Options:', 'Examples:', 'Show this help']) {
      expect(res.stdout).not.toContain(english);
    }
  });

  it('says unknown commands and options in Russian', async () => {
    const typo = await runCli(['depoly', '--lang', 'ru']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('Ошибка: Неизвестная команда «depoly».\nМожет быть, `miniapps deploy`?\n');
    const option = await runCli(['validate', '--frobnicate', '--lang', 'ru']);
    expect(option.stderr).toBe(
      'Ошибка: Неизвестный параметр «--frobnicate».\nСправка: `miniapps validate --help`.\n',
    );
    const value = await runCli(['notify', '--title', '--lang', 'ru']);
    expect(value.stderr).toBe(
      'Ошибка: Параметру «--title» нужно значение.\nСправка: `miniapps notify --help`.\n',
    );
  });
});

describe('miniapps validate --lang ru', () => {
  const folder = screensFolder({
    'index.json': { type: 'screen', title: 'Главная', children: [{ type: 'buton', label: 'Go' }] },
    'about.json': textScreen('about'),
    'about/index.json': textScreen('about again'),
    'broken.json': '{"type": "screen",,}',
  });

  it('reports findings in Russian, with their files and pointers', async () => {
    const res = await runCli(['validate', '.', '--lang', 'ru'], { cwd: folder });
    expect(res.code).toBe(1);
    const lines = res.stderr.split('\n');
    expect(lines[0]).toBe('Ошибка: 4 экрана в .: 2 ошибки, 1 неизвестный тип, 0 предупреждений.');
    expect(res.stderr).toContain(
      '  about/index.json\n    ошибка     (файл)  развёртывается в /about, как и about.json',
    );
    expect(res.stderr).toMatch(
      / {2}broken\.json\n {4}ошибка {5}\(файл\) {2}некорректный JSON: .+ \(строка 1, столбец 19\)/,
    );
    expect(res.stderr).toMatch(
      / {2}index\.json\n {4}неизвестно \/children\/0\/type {2}неизвестный виджет «buton».*; может быть, «button»\?/,
    );
    expect(res.stderr).not.toMatch(/\b(error|unknown|widget|did you mean)\b/);
  });

  it('keeps codes and pointers under --json, the wording in Russian', async () => {
    const res = await runCli(['validate', '.', '--json', '--lang', 'ru'], { cwd: folder });
    const body = res.json() as unknown as {
      error: string;
      message: string;
      details: {
        findings: { file: string; pointer: string; code: string; severity: string; message: string }[];
      };
    };
    expect(body.error).toBe('invalid_screens');
    expect(body.message).toBe('4 экрана в .: 2 ошибки, 1 неизвестный тип, 0 предупреждений.');
    expect(body.details.findings).toContainEqual(
      expect.objectContaining({
        file: 'index.json',
        pointer: '/children/0/type',
        severity: 'unknown',
        code: 'unknown_widget',
        suggestion: 'button',
        message: expect.stringMatching(/^неизвестный виджет «buton»/),
      }),
    );
    expect(body.details.findings.map((f) => f.code).sort()).toEqual([
      'bad_json',
      'duplicate_path',
      'unknown_widget',
    ]);
  });

  it('counts in Russian plural forms: 1 экран, 2 экрана, 5 экранов, 21 экран', async () => {
    const expected: Record<number, string> = { 1: '1 экран', 2: '2 экрана', 5: '5 экранов', 21: '21 экран' };
    for (const [count, words] of Object.entries(expected)) {
      const files = Object.fromEntries(
        Array.from({ length: Number(count) }, (_, i) => [
          i === 0 ? 'index.json' : `s${i}.json`,
          textScreen('x'),
        ]),
      );
      const res = await runCli(['validate', '.', '--lang', 'ru'], { cwd: screensFolder(files) });
      expect(res.stdout).toMatch(new RegExp(`^${words} в \\.:`));
    }
  });
});

describe('miniapps validate and dev --lang ru: datasets and the preview page', () => {
  it("words a dataset's faults in Russian", async () => {
    const folder = screensFolder({
      'index.json': textScreen('x'),
      'data/Bad Name.json': [],
      'data/broken.json': '{',
    });
    const res = await runCli(['validate', '.', '--lang', 'ru'], { cwd: folder });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Ошибка: 1 экран в .: 2 ошибки, 0 неизвестных типов, 0 предупреждений.');
    expect(res.stderr).toContain(
      '  data/Bad Name.json\n    ошибка     (файл)  имя файла набора данных — от 1 до 64 символов из a-z 0-9 _ - и .json',
    );
    expect(res.stderr).toMatch(/ {2}data\/broken\.json\n {4}ошибка {5}\(файл\) {2}некорректный JSON: /);
  });

  it("words a strings file's faults in Russian, their pointers kept", async () => {
    const folder = screensFolder({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a screen's binding, not a template
      'index.json': { type: 'screen', children: [{ type: 'text', text: '${t.hello}' }] },
      'strings/en.json': { hello: 'Hi' },
      'strings/ru.json': { '1x': 'a', hello: 5 },
      'strings/english.json': {},
      'strings/pt-BR.json': [1],
    });
    const res = await runCli(['validate', '.', '--json', '--lang', 'ru'], { cwd: folder });
    expect(res.code).toBe(1);
    const body = res.json() as unknown as { message: string; details: { findings: unknown[] } };
    expect(body.message).toMatch(/^1 экран в \.: 4 ошибки, 0 неизвестных типов, \d+ предупреждени/);
    expect(body.details.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'strings/english.json',
          code: 'bad_name',
          message: expect.stringMatching(/^файл строк называется по своей локали/),
        }),
        expect.objectContaining({
          file: 'strings/pt-BR.json',
          code: 'bad_root',
          message: 'должен содержать один JSON-объект {"<key>": "<text>"}',
        }),
        expect.objectContaining({
          file: 'strings/ru.json',
          pointer: '/1x',
          code: 'bad_key',
          message: 'ключ — буква, затем до 63 букв, цифр или _',
        }),
        expect.objectContaining({
          file: 'strings/ru.json',
          pointer: '/hello',
          code: 'bad_text',
          message: 'должно быть строкой',
        }),
      ]),
    );
  });

  it('serves the preview page in Russian with <html lang="ru">, its findings too', async () => {
    const folder = screensFolder({
      'index.json': { type: 'screen', children: [{ type: 'buton', label: 'Go' }] },
    });
    const child = spawn(process.execPath, [BIN, 'dev', folder, '--port', '0', '--lang', 'ru'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no preview address: ${output}`)), 20_000);
        child.stdout.on('data', () => {
          const match = /^Предпросмотр на (http:\/\/127\.0\.0\.1:\d+) \(Ctrl-C — остановить\)$/m.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      const page = await (await fetch(url)).text();
      expect(page).toContain('<html lang="ru">');
      expect(page).toContain('<h2>Экраны</h2>');
      expect(page).toContain('<h2>Замечания</h2>');
      expect(page).toContain('"unknown":"неизвестно"');
      expect(page).not.toMatch(/>Screens<|>Findings<|connecting…|None: every|Rendered by|watching /);
      const state = (await (await fetch(`${url}/__miniapps/state`)).json()) as { findings: unknown[] };
      expect(state.findings).toEqual([
        expect.objectContaining({
          code: 'unknown_widget',
          message: expect.stringMatching(/^неизвестный виджет «buton»/),
        }),
      ]);
    } finally {
      child.kill('SIGINT');
    }
  });
});

describe('miniapps deploy --lang ru against a platform', () => {
  let t: TestPlatform;
  let dev: SignedIn;
  let env: Record<string, string>;
  const org = 'cli-ru';

  beforeAll(async () => {
    t = await startTestPlatform('sqlite');
    dev = await signUp(t, 'cli-ru@uni.example', org);
    await registerApp(t, dev, org, { slug: 'guide' });
    env = {
      MINIAPPS_URL: await t.listen(),
      MINIAPPS_TOKEN: await createDeployToken(t, dev),
      MINIAPPS_CONFIG: freshConfigPath(),
    };
  });
  afterAll(() => t.close());

  it('prints progress, the result and the findings in Russian', async () => {
    const dir = screensFolder({
      'index.json': textScreen('Главная'),
      'about.json': { type: 'screen', title: 'О нас', children: [{ type: 'buton', label: 'Go' }] },
    });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'guide', '--lang', 'ru'], { env });
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(
      /^Выгрузка 2 экранов в cli-ru\/guide: \d+(,\d)? (Б|КБ) отправлено за \d+,\d с\n$/,
    );
    expect(res.stdout).toMatch(
      /^Развёрнуто cli-ru\/guide: версия 1, статус draft \(2 экрана, \d+(,\d)? (Б|КБ)\)\.\n/,
    );
    expect(res.stdout).toContain(
      'Сохранено черновиком; запустите снова с --submit, чтобы отправить на модерацию.',
    );
    expect(res.stdout).toContain(
      'Неизвестные виджеты и действия (всё равно развёрнуто; клиент их пропускает):',
    );
    expect(res.stdout).toMatch(/ {4}неизвестно \/children\/0\/type {2}неизвестный виджет «buton»/);
    expect(res.stdout).not.toMatch(/[A-Z][a-z]+ [a-z]+ [a-z]+/);
  });

  it("gives the platform's refusal and the CLI's advice in Russian, the code unchanged", async () => {
    const dir = screensFolder({ 'index.json': textScreen('x') });
    const res = await runCli(['deploy', dir, '--org', org, '--slug', 'nope', '--lang', 'ru'], { env });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Ошибка: ');
    expect(res.stderr).toContain('(app_not_found)');
    expect(res.stderr).toContain('Проверьте --org и --slug');
    expect(res.stderr.split('\n')[0]).toMatch(cyrillic);
  });

  it("says the CLI's own refusals in Russian: no token, no app, a platform that is not there", async () => {
    const dir = screensFolder({ 'index.json': textScreen('x') });
    const noToken = await runCli(['deploy', dir, '--org', org, '--slug', 'guide', '--lang', 'ru'], {
      env: { ...env, MINIAPPS_TOKEN: '' },
    });
    expect(noToken.stderr).toBe(
      `Ошибка: Нет токена развёртывания для ${env.MINIAPPS_URL}.\nЗадайте MINIAPPS_TOKEN или создайте и сохраните токен: miniapps tokens create ci --save\n`,
    );
    const noApp = await runCli(['deploy', dir, '--lang', 'ru'], { env });
    expect(noApp.code).toBe(2);
    expect(noApp.stderr).toBe(
      'Ошибка: Какое приложение? Нет идентификатора организации. Нет slug.\nУкажите --org и --slug или впишите их в miniapp.json в папке.\n',
    );
    const away = await runCli(['deploy', dir, '--org', org, '--slug', 'guide', '--lang', 'ru'], {
      env: { ...env, MINIAPPS_URL: 'http://127.0.0.1:9' },
    });
    expect(away.stderr).toMatch(
      /^Ошибка: Платформа по адресу http:\/\/127\.0\.0\.1:9 недоступна \(.+\)\.\nПлатформа запущена по этому адресу\?/,
    );
  });
});

describe('miniapps --lang with the platform: its messages', () => {
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
});
