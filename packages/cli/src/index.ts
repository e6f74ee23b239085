// @miniapps/cli as a library: run the command line in-process, or read and check a folder of screens.

export { commands, run } from './cli.js';
export { CliError, EXIT } from './cli-error.js';
export { checkScreenFiles, type Finding, type Severity } from './findings.js';
export { type Io, processIo } from './io.js';
export type { ScreenFile } from './json-file.js';
export { readScreensProject, type ScreensProject, screenPathOf } from './screens-dir.js';
