// miniapps validate <dir>: the deploy's checks, offline: unknown widgets and actions, structure, limits, datasets.
import { relative } from 'node:path';
import { CliError, usageError } from '../cli-error.js';
import { type Command, emit } from '../command.js';
import { checkScreenFiles, countBySeverity, formatFindings } from '../findings.js';
import { checkProjectFiles, datasetNames, missingStringFindings } from '../project-files.js';
import { readScreensProject } from '../screens-dir.js';

export const validateCommand: Command = {
  name: 'validate',
  options: {},
  examples: ['miniapps validate examples/hosted', 'miniapps validate screens --json | jq .findings'],
  async run(io, parsed, t) {
    if (parsed.positionals.length > 1) throw usageError(t('validate.one_folder'));
    const project = readScreensProject(parsed.positionals[0] ?? '.', io.cwd, t);
    const folder = relative(io.cwd, project.screensDir) || '.';
    const findings = [
      ...checkScreenFiles(project.screens, folder, t, datasetNames(project.files)),
      ...checkProjectFiles(project.files, t),
      ...missingStringFindings(project.screens, project.files, t),
    ];
    const counts = countBySeverity(findings);
    const summary = t('validate.summary', {
      screens: project.screens.length,
      folder,
      errors: counts.error,
      unknown: counts.unknown,
      warnings: counts.warning,
    });
    if (counts.error > 0 || counts.unknown > 0) {
      throw new CliError(summary, 1, 'invalid_screens', formatFindings(findings, t), {
        screens: project.screens.map((s) => ({ path: s.path, file: s.file })),
        findings,
      });
    }
    emit(io, parsed, [summary, ...formatFindings(findings, t)], {
      screens: project.screens.map((s) => ({ path: s.path, file: s.file })),
      findings,
    });
    return 0;
  },
};
