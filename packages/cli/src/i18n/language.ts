// Which language the CLI speaks: `--lang` (taken off the command line) wins over MINIAPPS_LANG; English otherwise.
import { usageError } from '../cli-error.js';
import { type Language, languages, text } from './messages.js';

const supported = languages.join(', ');

/** The command line without `--lang <code>` / `--lang=<code>`, and the code given (`''` when the value is missing). */
export function takeLang(argv: readonly string[]): { args: string[]; lang: string | undefined } {
  const args: string[] = [];
  let lang: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--lang') {
      const next = argv[i + 1];
      // `--lang --json` names no language: the option after it is kept, not taken as a code.
      if (next === undefined || next.startsWith('-')) lang = '';
      else {
        lang = next;
        i++;
      }
    } else if (arg.startsWith('--lang=')) lang = arg.slice('--lang='.length);
    else args.push(arg);
  }
  return { args, lang };
}

/**
 * The language asked for. `--lang` without a code, or a code the CLI has no catalogue for, is a usage mistake
 * naming the supported ones; an empty MINIAPPS_LANG counts as unset, as empty variables usually do.
 */
export function cliLanguage(flag: string | undefined, env: string | undefined): Language {
  if (flag === '') {
    throw usageError(text('cli.lang_missing', { languages: supported }), text('cli.lang_example'));
  }
  const value = flag ?? (env === '' ? undefined : env);
  if (value === undefined) return 'en';
  const language = value.toLowerCase();
  if ((languages as readonly string[]).includes(language)) return language as Language;
  const source = flag === undefined ? 'MINIAPPS_LANG' : '--lang';
  throw usageError(
    text('cli.lang_unknown', { value, source, languages: supported }),
    text('cli.lang_example'),
  );
}
