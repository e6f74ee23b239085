// Reads the Dockerfile (dockerfile-ast), compose.yaml (yaml) and the Caddyfile for the container-files test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DockerfileParser, type Instruction, type JSONInstruction } from 'dockerfile-ast';
import { parse } from 'yaml';

export const root = resolve(import.meta.dirname, '../../../..');
export const readRoot = (path: string) => readFileSync(join(root, path), 'utf8');

export interface Stage {
  image: string;
  name: string | null;
  instructions: Instruction[];
}

/** The Dockerfile's build stages in order, each with the instructions after its FROM. */
export function dockerStages(): Stage[] {
  const stages: Stage[] = [];
  const dockerfile = DockerfileParser.parse(readRoot('Dockerfile'));
  const froms = dockerfile.getFROMs();
  for (const instruction of dockerfile.getInstructions()) {
    const from = froms.find((f) => f.getRange().start.line === instruction.getRange().start.line);
    if (from) stages.push({ image: from.getImage() ?? '', name: from.getBuildStage(), instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

export const ofKind = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.getKeyword() === keyword);

/** The words of an exec-form (JSON) instruction such as CMD ["node", "main.js"]. */
export function execWords(instruction: Instruction): string[] {
  return (instruction as JSONInstruction).getJSONStrings().map((s) => s.getJSONValue());
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  /** Docker's duration form: `40s`, `1m30s`. */
  stop_grace_period?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** compose.yaml as Compose reads it: YAML merge keys (`<<: *platform`) applied. */
export function composeFile(): ComposeFile {
  return parse(readRoot('compose.yaml'), { merge: true }) as ComposeFile;
}

/**
 * Compose's interpolation of `${VAR}`, `${VAR:-default}` and `${VAR:?message}` (unset or empty counts as
 * missing), so the test sees the environment a container gets.
 */
export function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_all, name: string, op?: string, arg = '') => {
    const value = vars[name];
    if (value) return value;
    if (op === '?') throw new Error(`${name} is required: ${arg}`);
    return op === '-' ? arg : '';
  });
}

export interface NpmCommand {
  /** `run` for a package script, else the npm command itself (`ci`, `prune`…). */
  command: string;
  /** The script's name for `npm run`. */
  script?: string;
  text: string;
}

/** Every npm invocation in a shell command line or an exec-form list. */
export function npmCommands(line: string): NpmCommand[] {
  return [...line.matchAll(/\bnpm\s+(?:(run|run-script)\s+(?:--?[\w-]+\s+)*([\w:.-]+)|([\w-]+))/g)].map(
    (m) => (m[2] ? { command: 'run', script: m[2], text: m[0] } : { command: m[3]!, text: m[0] }),
  );
}

/**
 * The text of every test file Vitest runs (`test` folders of the packages, examples and bench, and test/),
 * except the container-files test and this helper: they name the scripts without running them.
 */
export function testSources(): string[] {
  const dirs = ['packages', 'examples'].flatMap((parent) =>
    readdirSync(join(root, parent)).map((name) => join(root, parent, name, 'test')),
  );
  dirs.push(join(root, 'bench/test'), join(root, 'test'));
  const texts: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry);
      if (entry === 'node_modules' || entry.startsWith('container-files.')) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry)) texts.push(readFileSync(path, 'utf8'));
    }
  };
  for (const dir of dirs) walk(dir);
  return texts;
}

/** Whether some test runs the root script: `npm run <name>`, or spawns npm with `'run', '<name>'`. */
export function testRunsScript(sources: string[], name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `npm run (?:--?[\\w-]+ )*${escaped}\\b|['"]run['"],\\s*(?:['"]--?[\\w-]+['"],\\s*)*['"]${escaped}['"]`,
  );
  return sources.some((text) => pattern.test(text));
}

/** The upstreams of the Caddyfile's reverse_proxy, as host and port. */
export function caddyUpstreams(): Array<{ host: string; port: number }> {
  const match = /^\s*reverse_proxy\s+([^{\n]+)/m.exec(readRoot('deploy/Caddyfile'));
  return (match?.[1] ?? '')
    .trim()
    .split(/\s+/)
    .map((upstream) => {
      const [host = '', port = ''] = upstream.split(':');
      return { host, port: Number(port) };
    });
}
