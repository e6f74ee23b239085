// miniapps deploy <dir>: checks a folder of screens, uploads it as the app's new version, reports what the platform found.
import { relative } from 'node:path';
import { type DeployAnswer, MAX_SCREEN_TITLE } from '@miniapps/contract';
import { platformApi } from '../api-client.js';
import { CliError, usageError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { faultFindings, validationFindings } from '../deploy-mapping.js';
import { checkScreenFiles, countBySeverity, type Finding, formatFindings } from '../findings.js';
import type { Translate } from '../i18n/messages.js';
import type { ScreenFile } from '../json-file.js';
import { formatBytes, uploadProgress } from '../progress.js';
import { checkProjectFiles, datasetNames, filesOfKind } from '../project-files.js';
import { readScreensProject } from '../screens-dir.js';
import { deployToken, resolveSettings } from '../settings.js';

export const deployCommand: Command = {
  name: 'deploy',
  options: {
    org: { type: 'string', value: '<id>' },
    slug: { type: 'string', value: '<slug>' },
    submit: { type: 'boolean' },
    strict: { type: 'boolean' },
  },
  examples: [
    'miniapps deploy examples/hosted',
    'MINIAPPS_TOKEN=mapp_dt_... miniapps deploy ./screens --org acme --slug guide --submit --json',
  ],
  async run(io, parsed, t) {
    const dir = parsed.positionals[0] ?? '.';
    if (parsed.positionals.length > 1) throw usageError(t('deploy.one_folder'));
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const project = readScreensProject(dir, io.cwd, t);
    const organizationId = stringOption(parsed, 'org') ?? project.manifest.organizationId;
    const slug = stringOption(parsed, 'slug') ?? project.manifest.slug;
    if (!organizationId || !slug) {
      throw usageError(
        t('deploy.which_app', {
          org: organizationId ? 'given' : 'missing',
          slug: slug ? 'given' : 'missing',
        }),
        t('deploy.which_app_hint'),
      );
    }
    const folder = relative(io.cwd, project.screensDir) || '.';
    const local = [
      ...checkScreenFiles(project.screens, folder, t, datasetNames(project.files)),
      ...checkProjectFiles(project.files, t),
    ];
    const counts = countBySeverity(local);
    if (counts.error > 0 || (flag(parsed, 'strict') && counts.unknown > 0)) {
      throw new CliError(
        t('deploy.not_deployed', { errors: counts.error, unknown: counts.unknown, folder }),
        1,
        'invalid_screens',
        formatFindings(
          local.filter((f) => f.severity !== 'warning'),
          t,
        ),
        { findings: local },
      );
    }

    const token = deployToken(settings);
    const screens = project.screens.map(deployItem);
    const submit = flag(parsed, 'submit');
    const data = filesOfKind(project.files, 'data');
    const strings = filesOfKind(project.files, 'strings');
    const body = {
      organizationId,
      slug,
      submit,
      screens,
      ...(data && { data }),
      ...(strings && { strings }),
    };
    const bytes = Buffer.byteLength(JSON.stringify(body));
    const quiet = flag(parsed, 'json');
    const datasets = data ? Object.keys(data).length : 0;
    const app = `${organizationId}/${slug}`;
    const label = t('deploy.uploading', { count: screens.length, datasets, app });
    let reply: DeployAnswer;
    try {
      reply = await platformApi(settings, {
        token,
        progress: uploadProgress(io, label, bytes, quiet, settings.language),
      }).request('POST /functions/v1/miniapp-deploy', { body });
    } catch (error) {
      throw withFaultsInFiles(error, project.screens, folder, t);
    }

    const findings = validationFindings(reply.validation, project.screens, folder, t);
    const unknown = findings.filter((f) => f.severity === 'unknown');
    const warnings = findings.filter((f) => f.severity === 'warning');
    const human = [
      t('deploy.done', {
        app,
        version: String(reply.version),
        status: reply.status,
        count: screens.length,
        datasets,
        size: formatBytes(bytes, settings.language),
      }),
    ];
    if (!submit) human.push(t('deploy.draft'));
    if (unknown.length > 0) {
      human.push('', t('deploy.unknown_heading'), ...formatFindings(unknown, t));
    }
    if (warnings.length > 0) human.push('', t('deploy.warnings_heading'), ...formatFindings(warnings, t));
    emit(io, parsed, human, {
      organizationId,
      slug,
      version: reply.version,
      status: reply.status,
      screens: project.screens.map((s) => ({ path: s.path, file: s.file })),
      data: project.files.filter((f) => f.kind === 'data').map((f) => ({ name: f.name, file: f.file })),
      strings: project.files
        .filter((f) => f.kind === 'strings')
        .map((f) => ({ locale: f.name, file: f.file })),
      validation: reply.validation,
      findings,
    });
    return 0;
  },
};

function deployItem(screen: ScreenFile): { path: string; title?: string; json: unknown } {
  const title = (screen.json as { title?: unknown }).title;
  return {
    path: screen.path,
    ...(typeof title === 'string' && title.length <= MAX_SCREEN_TITLE && { title }),
    json: screen.json,
  };
}

/** bad_screens names body pointers; the developer thinks in files. */
function withFaultsInFiles(
  error: unknown,
  screens: readonly ScreenFile[],
  folder: string,
  t: Translate,
): unknown {
  if (!(error instanceof CliError) || error.code !== 'bad_screens') return error;
  const details = (error.details as { details?: unknown } | undefined)?.details;
  const findings: Finding[] = faultFindings(details, screens, folder);
  if (findings.length === 0) return error;
  return new CliError(
    error.text,
    error.exitCode,
    error.code,
    [...formatFindings(findings, t), ...error.lines],
    {
      ...(error.details as object),
      findings,
    },
  );
}
