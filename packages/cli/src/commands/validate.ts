// miniapps validate <dir>: the deploy's checks, offline: unknown widgets and actions, structure, limits.
import { relative } from 'node:path';
import { CliError, usageError } from '../cli-error.js';
import { type Command, emit } from '../command.js';
import { checkScreenFiles, countBySeverity, formatFindings } from '../findings.js';
import { readScreensProject } from '../screens-dir.js';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check a folder of screens offline, with the validator the platform uses.',
  usage: 'miniapps validate [dir] [options]',
  details: [
    'Reads the folder as `miniapps deploy` does and reports, per file, each unknown widget or action with\n' +
      'its JSON pointer and the nearest known name, structural errors, and warnings. Exits 1 when there is\n' +
      'an error or an unknown type, 0 otherwise (warnings alone do not fail).',
  ],
  options: {},
  examples: ['miniapps validate examples/hosted', 'miniapps validate screens --json | jq .findings'],
  async run(io, parsed) {
    if (parsed.positionals.length > 1) throw usageError('validate takes one folder.');
    const project = readScreensProject(parsed.positionals[0] ?? '.', io.cwd);
    const folder = relative(io.cwd, project.screensDir) || '.';
    const findings = checkScreenFiles(project.screens, folder);
    const counts = countBySeverity(findings);
    const summary = `${project.screens.length} screen(s) in ${folder}: ${counts.error} error(s), ${counts.unknown} unknown type(s), ${counts.warning} warning(s).`;
    if (counts.error > 0 || counts.unknown > 0) {
      throw new CliError(summary, 1, 'invalid_screens', formatFindings(findings), {
        screens: project.screens.map((s) => ({ path: s.path, file: s.file })),
        findings,
      });
    }
    emit(io, parsed, [summary, ...formatFindings(findings)], {
      screens: project.screens.map((s) => ({ path: s.path, file: s.file })),
      findings,
    });
    return 0;
  },
};
