// Help for every command, usage mistakes, and advice for every error code the platform can answer with.

import { errorCodes } from '@miniapps/contract';
import { describe, expect, it } from 'vitest';
import { commands } from '../src/cli.js';
import { errorHints } from '../src/error-messages.js';
import { runCli } from './helpers/cli-process.js';

describe('miniapps help and usage', () => {
  it('lists every command', async () => {
    const res = await runCli(['--help']);
    expect(res.code).toBe(0);
    for (const command of commands) expect(res.stdout).toContain(`  ${command.name} `);
  });

  it.each(commands.map((c) => c.name))('%s --help shows usage, options and examples', async (name) => {
    const res = await runCli([name, '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^Usage: miniapps ${name}`));
    expect(res.stdout).toContain('--json');
    expect(res.stdout).toContain('Examples:');
  });

  it('suggests the command meant, and exits 2 on usage mistakes', async () => {
    const typo = await runCli(['depoly']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean `miniapps deploy`?');
    const option = await runCli(['validate', '--frobnicate']);
    expect(option.code).toBe(2);
    expect(option.stderr).toBe("Error: Unknown option '--frobnicate'.\nRun `miniapps validate --help`.\n");
    expect((await runCli([])).code).toBe(2);
  });

  it('dev --help says datasets are served as the platform serves them', async () => {
    const res = await runCli(['dev', '--help']);
    expect(res.stdout).toContain("a networkRequest to /data/<name> gets\nthe folder's data/<name>.json");
    expect(res.stdout).not.toContain('fails');
  });

  it('prints its version', async () => {
    const res = await runCli(['--version']);
    expect(res.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('error advice', () => {
  it('has advice for every code in the platform registry', () => {
    const missing = Object.keys(errorCodes).filter((code) => !(code in errorHints));
    expect(missing).toEqual([]);
  });
});
