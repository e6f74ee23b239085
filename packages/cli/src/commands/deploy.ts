// miniapps deploy <dir>: checks a folder of screens, uploads it as the app's new version, reports what the platform found.
import { relative } from 'node:path';
import { callPlatform } from '../api-client.js';
import { CliError, usageError } from '../cli-error.js';
import { type Command, emit, flag, stringOption } from '../command.js';
import { type DeployValidation, faultFindings, validationFindings } from '../deploy-mapping.js';
import { checkScreenFiles, countBySeverity, type Finding, formatFindings } from '../findings.js';
import { formatBytes, uploadProgress } from '../progress.js';
import { readScreensProject, type ScreenFile } from '../screens-dir.js';
import { deployToken, resolveSettings } from '../settings.js';

export const DEPLOY_PATH = '/functions/v1/miniapp-deploy';
const MAX_TITLE = 200;

interface DeployReply {
  ok: true;
  version: number;
  status: string;
  validation: DeployValidation;
}

export const deployCommand: Command = {
  name: 'deploy',
  summary: "Replace a hosted app's screens with the JSON files of a folder.",
  usage: 'miniapps deploy [dir] [--org <id>] [--slug <slug>] [--submit] [options]',
  details: [
    'One JSON file per screen; its path comes from its place: index.json is /, about.json is /about,\n' +
      'news/index.json is /news. A screen\'s "title" becomes the deploy title. A miniapp.json in the folder\n' +
      'may name the app ({"organizationId": "...", "slug": "...", "screens": "screens"}); flags win.',
    'The screens are checked first with the same validator the platform uses: structural errors stop the\n' +
      'deploy; unknown widgets and actions are listed (with file, pointer and suggestion) but do not.\n' +
      'Without --submit the version is saved as a draft; --submit sends it to moderation.',
    'Deploy token: MINIAPPS_TOKEN, or the one saved by `miniapps tokens create <name> --save`.',
  ],
  options: {
    org: {
      type: 'string',
      value: '<id>',
      description: 'Organization id (default: miniapp.json organizationId)',
    },
    slug: { type: 'string', value: '<slug>', description: 'App slug (default: miniapp.json slug)' },
    submit: { type: 'boolean', description: 'Send the new version to moderation instead of saving a draft' },
    strict: { type: 'boolean', description: 'Refuse to deploy when any widget or action is unknown' },
  },
  examples: [
    'miniapps deploy examples/hosted',
    'MINIAPPS_TOKEN=mapp_dt_... miniapps deploy ./screens --org acme --slug guide --submit --json',
  ],
  async run(io, parsed) {
    const dir = parsed.positionals[0] ?? '.';
    if (parsed.positionals.length > 1) throw usageError('deploy takes one folder.');
    const settings = resolveSettings(io, stringOption(parsed, 'url'));
    const project = readScreensProject(dir, io.cwd);
    const organizationId = stringOption(parsed, 'org') ?? project.manifest.organizationId;
    const slug = stringOption(parsed, 'slug') ?? project.manifest.slug;
    if (!organizationId || !slug) {
      throw usageError(
        `Which app? ${organizationId ? '' : 'No organization id. '}${slug ? '' : 'No slug.'}`.trim(),
        'Pass --org and --slug, or write them in miniapp.json in the folder.',
      );
    }
    const folder = relative(io.cwd, project.screensDir) || '.';
    const local = checkScreenFiles(project.screens, folder);
    const counts = countBySeverity(local);
    if (counts.error > 0 || (flag(parsed, 'strict') && counts.unknown > 0)) {
      throw new CliError(
        `Not deployed: ${counts.error} error(s)${counts.unknown ? `, ${counts.unknown} unknown type(s)` : ''} in ${folder}.`,
        1,
        'invalid_screens',
        formatFindings(local.filter((f) => f.severity !== 'warning')),
        { findings: local },
      );
    }

    const token = deployToken(settings);
    const screens = project.screens.map(deployItem);
    const submit = flag(parsed, 'submit');
    const body = { organizationId, slug, submit, screens };
    const bytes = Buffer.byteLength(JSON.stringify(body));
    const quiet = flag(parsed, 'json');
    const label = `Uploading ${screens.length} screen${screens.length === 1 ? '' : 's'} to ${organizationId}/${slug}`;
    let reply: DeployReply;
    try {
      reply = await callPlatform<DeployReply>(settings, {
        method: 'POST',
        path: DEPLOY_PATH,
        token,
        body,
        progress: uploadProgress(io, label, bytes, quiet),
      });
    } catch (error) {
      throw withFaultsInFiles(error, project.screens, folder);
    }

    const findings = validationFindings(reply.validation, project.screens, folder);
    const unknown = findings.filter((f) => f.severity === 'unknown');
    const warnings = findings.filter((f) => f.severity === 'warning');
    const human = [
      `Deployed ${organizationId}/${slug}: version ${reply.version}, status ${reply.status} (${screens.length} screens, ${formatBytes(bytes)}).`,
    ];
    if (!submit) human.push('Saved as a draft; run again with --submit to send it to moderation.');
    if (unknown.length > 0) {
      human.push(
        '',
        `Unknown widgets and actions (deployed anyway; the client skips them):`,
        ...formatFindings(unknown),
      );
    }
    if (warnings.length > 0) human.push('', 'Warnings:', ...formatFindings(warnings));
    emit(io, parsed, human, {
      organizationId,
      slug,
      version: reply.version,
      status: reply.status,
      screens: project.screens.map((s) => ({ path: s.path, file: s.file })),
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
    ...(typeof title === 'string' && title.length <= MAX_TITLE && { title }),
    json: screen.json,
  };
}

/** bad_screens names body pointers; the developer thinks in files. */
function withFaultsInFiles(error: unknown, screens: readonly ScreenFile[], folder: string): unknown {
  if (!(error instanceof CliError) || error.code !== 'bad_screens') return error;
  const details = (error.details as { details?: unknown } | undefined)?.details;
  const findings: Finding[] = faultFindings(details, screens, folder);
  if (findings.length === 0) return error;
  return new CliError(
    error.message,
    error.exitCode,
    error.code,
    [...formatFindings(findings), ...error.lines],
    {
      ...(error.details as object),
      findings,
    },
  );
}
