// miniapps init <dir>: a new app's folder from a template: hosted screens ready to deploy, or a remote app's origin.
import { basename, resolve } from 'node:path';
import { SLUG_PATTERN } from '@miniapps/contract';
import { CliError, usageError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { hostedTemplate } from '../init/hosted-template.js';
import { remoteTemplate } from '../init/remote-template.js';
import { writeTemplate } from '../init/template.js';

export const initCommand: Command = {
  name: 'init',
  options: {
    org: { type: 'string', value: '<id>' },
    slug: { type: 'string', value: '<slug>' },
    remote: { type: 'boolean' },
  },
  examples: [
    'miniapps init campus-guide --org demo-university',
    'miniapps init timetable-origin --org demo-university --slug timetable --remote',
  ],
  async run(io, parsed, t) {
    const [target, extra] = parsed.positionals;
    if (!target || extra !== undefined) throw usageError(t('init.which_dir'));
    const dir = resolve(io.cwd, target);
    const org = stringOption(parsed, 'org');
    const slug = stringOption(parsed, 'slug') ?? basename(dir);
    if (!org) throw usageError(t('init.which_org'));
    for (const [field, value] of [
      ['org', org],
      ['slug', slug],
    ] as const) {
      // The platform's slug rule, checked here so a bad name fails before any file is written.
      if (!SLUG_PATTERN.test(value)) throw usageError(t('init.bad_slug', { field, value }));
    }
    const remote = flag(parsed, 'remote');
    const files = (remote ? remoteTemplate : hostedTemplate)({ org, slug });
    const existing = writeTemplate(dir, files);
    if (existing.length > 0)
      throw new CliError(t('init.exists', { dir: target, files: existing.join(', ') }), 1, 'files_exist');
    emit(
      io,
      parsed,
      [
        t('init.done', { dir: target, app: `${org}/${slug}`, count: Object.keys(files).length }),
        t(remote ? 'init.next_remote' : 'init.next', { dir: target, org, slug }),
      ],
      { dir, organizationId: org, slug, sourceKind: remote ? 'remote' : 'hosted', files: Object.keys(files) },
    );
    return 0;
  },
};
