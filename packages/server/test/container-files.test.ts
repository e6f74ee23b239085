// The Dockerfile, compose.yaml and Caddyfile read by real parsers (no container engine here) and held to the code.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHUTDOWN_DELAY_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../src/config/shutdown.js';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../src/config.js';
import {
  caddyUpstreams,
  composeFile,
  dockerStages,
  execWords,
  interpolate,
  npmCommands,
  ofKind,
  readRoot,
  root,
  testRunsScript,
  testSources,
} from './helpers/container-files.js';
import { startTestPlatform, type TestPlatform } from './helpers/platform.js';

const scripts = JSON.parse(readRoot('package.json')).scripts as Record<string, string>;
const known = new Set<string>(CONFIG_VARIABLES);
const stages = dockerStages();
const final = stages.at(-1)!;
const compose = composeFile();
const platformServices = Object.entries(compose.services).filter(
  ([, service]) => service.build !== undefined,
);
const webNodes = platformServices.filter(([, service]) => service.command === undefined);
const workers = platformServices.filter(([, service]) => service.command !== undefined);

/** Every command line the files run: RUN, CMD and HEALTHCHECK, compose commands and health tests. */
function commandLines(): string[] {
  const docker = stages.flatMap((stage) =>
    stage.instructions
      .filter((i) => ['RUN', 'CMD', 'HEALTHCHECK', 'ENTRYPOINT'].includes(i.getKeyword()))
      .map((i) => i.getArgumentsContent() ?? ''),
  );
  const composed = Object.values(compose.services).flatMap((service) =>
    [service.command, service.healthcheck?.test].flatMap((c) =>
      c === undefined ? [] : [Array.isArray(c) ? c.join(' ') : c],
    ),
  );
  return [...docker, ...composed];
}

/** The environment a platform container gets: the image's ENV, then the service's, interpolated. */
function containerEnv(service: string, vars: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of ofKind(final, 'ENV')) {
    for (const property of (instruction as unknown as import('dockerfile-ast').Env).getProperties()) {
      env[property.getName()] = property.getValue() ?? '';
    }
  }
  for (const [name, value] of Object.entries(compose.services[service]?.environment ?? {})) {
    env[name] = interpolate(String(value), vars);
  }
  return env;
}

const secrets = {
  POSTGRES_PASSWORD: 'a1b2c3',
  PLATFORM_KEY: 'ab'.repeat(32),
  SERVICE_ROLE_KEY: 'cd'.repeat(32),
};

describe('container files', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform('sqlite');
  });
  afterAll(() => t.close());

  it('every npm command they run is a root script that a test runs, or npm ci as CI runs it', () => {
    const sources = testSources();
    const commands = commandLines().flatMap(npmCommands);
    expect(commands.map((c) => c.script ?? c.command)).toEqual(
      expect.arrayContaining(['ci', 'build', 'prune']),
    );
    for (const command of commands) {
      if (command.command === 'run') {
        expect(scripts, command.text).toHaveProperty([command.script!]);
        expect(testRunsScript(sources, command.script!), `no test runs npm run ${command.script}`).toBe(true);
      } else {
        expect(['ci', 'prune'], command.text).toContain(command.command);
      }
    }
    expect(readRoot('.ci/run')).toMatch(/^npm ci\b/m);
  });

  it('the image and the worker run exactly the commands of `serve` and `serve:worker`, which tests run', () => {
    const [cmd] = ofKind(final, 'CMD');
    expect(execWords(cmd!).join(' ')).toBe(scripts.serve);
    const worker = workers[0]![1].command;
    expect(Array.isArray(worker) ? worker.join(' ') : worker).toBe(scripts['serve:worker']);
    const sources = testSources();
    expect(testRunsScript(sources, 'serve')).toBe(true);
    expect(testRunsScript(sources, 'serve:worker')).toBe(true);
  });

  it('builds on Node 20 slim with compilers and the full install, and ships production dependencies only', () => {
    for (const stage of stages) expect(stage.image).toBe('node:20-slim');
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const builder = stages[0]!;
    const runs = ofKind(builder, 'RUN').map((i) => i.getArgumentsContent() ?? '');
    expect(runs.join('\n')).toMatch(/apt-get install[^\n]*\bpython3\b[^\n]*\bmake\b[^\n]*\bg\+\+/);
    const ci = runs.findIndex((run) => /\bnpm ci\b/.test(run) && !run.includes('--omit=dev'));
    const build = runs.findIndex((run) => /\bnpm run build\b/.test(run));
    const prune = runs.findIndex((run) => /\bnpm (prune|ci)\b.*--omit=dev/.test(run));
    expect(ci).toBeGreaterThanOrEqual(0);
    expect(build).toBeGreaterThan(ci);
    expect(prune).toBeGreaterThan(build);

    const copies = ofKind(final, 'COPY');
    const fromBuilder = copies.filter((copy) =>
      (copy as unknown as import('dockerfile-ast').Copy)
        .getFlags()
        .some((flag) => flag.getName() === 'from' && flag.getValue() === builder.name),
    );
    expect(fromBuilder.map((copy) => copy.getArgumentsContent())).toContainEqual(
      expect.stringMatching(/node_modules/),
    );
    const finalRuns = ofKind(final, 'RUN').map((i) => i.getArgumentsContent() ?? '');
    expect(finalRuns.join('\n')).not.toMatch(/\bnpm (ci|install)\b/);
  });

  it('the final stage runs as a non-root user, before its command', () => {
    const users = ofKind(final, 'USER');
    const user = users.at(-1)?.getArgumentsContent() ?? 'root';
    expect(user.split(':')[0]).not.toMatch(/^(root|0)$/);
    const lineOf = (keyword: string) => ofKind(final, keyword).at(-1)!.getRange().start.line;
    expect(lineOf('USER')).toBeLessThan(lineOf('CMD'));
  });

  it('the health check asks a path the platform answers 200', async () => {
    const [check] = ofKind(final, 'HEALTHCHECK');
    const path = /['"](\/[\w/-]+)['"]/.exec(check!.getArgumentsContent() ?? '')?.[1];
    expect(path).toBe('/healthz');
    expect((await t.request({ method: 'GET', url: path! })).statusCode).toBe(200);
  });

  it('ports agree: the image exposes the port it listens on, the default, and Caddy sends traffic there', () => {
    const exposed = ofKind(final, 'EXPOSE').map((i) => Number(i.getArgumentsContent()));
    const env = containerEnv(webNodes[0]![0], secrets);
    expect(exposed).toEqual([Number(env.PORT ?? t.config.port)]);
    expect(t.config.port).toBe(exposed[0]);
    const upstreams = caddyUpstreams();
    expect(upstreams.map((u) => u.host).sort()).toEqual(webNodes.map(([name]) => name).sort());
    for (const upstream of upstreams) expect(upstream.port).toBe(exposed[0]);
    for (const [, service] of platformServices) expect(service.ports).toBeUndefined();
  });

  it('every variable the image and the platform services set is one loadConfig knows', () => {
    for (const instruction of ofKind(final, 'ENV')) {
      for (const property of (instruction as unknown as import('dockerfile-ast').Env).getProperties()) {
        expect(known, property.getName()).toContain(property.getName());
      }
    }
    for (const [name, service] of platformServices) {
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(known, `${name}: ${variable}`).toContain(variable);
      }
    }
  });

  it('compose: PostgreSQL, Redis, two platform nodes, one push worker, Caddy in front, named volumes', () => {
    const images = Object.values(compose.services).map((service) => service.image?.split(':')[0]);
    expect(images).toEqual(expect.arrayContaining(['postgres', 'redis', 'caddy']));
    expect(webNodes).toHaveLength(2);
    expect(workers).toHaveLength(1);
    expect(workers[0]![1].healthcheck?.disable).toBe(true);
    const caddy = Object.values(compose.services).find((s) => s.image?.startsWith('caddy'))!;
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    const mount = caddy.volumes!.find((v) => v.includes('/etc/caddy/Caddyfile'))!;
    expect(existsSync(join(root, mount.split(':')[0]!))).toBe(true);
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (!source.startsWith('.') && !source.startsWith('/'))
          expect(compose.volumes).toHaveProperty([source]);
      }
    }
  });

  it('the stop timeout of compose and of the docker run example outlasts the drain', () => {
    const drainSeconds = (DEFAULT_SHUTDOWN_DELAY_MS + DEFAULT_SHUTDOWN_TIMEOUT_MS) / 1000;
    const seconds = (duration: string) => {
      const parts = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration);
      expect(parts, duration).not.toBeNull();
      return Number(parts![1] ?? 0) * 60 + Number(parts![2] ?? 0);
    };
    for (const [name, service] of webNodes) {
      expect(seconds(service.stop_grace_period ?? '10s'), name).toBeGreaterThan(drainSeconds);
    }
    const run = /docker run [^\n]*--stop-timeout (\d+)/.exec(readRoot('docs/operations.md'));
    expect(Number(run?.[1] ?? 10)).toBeGreaterThan(drainSeconds);
  });

  it('every required secret is a VAR:?message variable, and with them set each node passes loadConfig', () => {
    for (const name of ['PLATFORM_KEY', 'SERVICE_ROLE_KEY', 'POSTGRES_PASSWORD'] as const) {
      const without = { ...secrets, AUTH_JWT_SECRET: 'j'.repeat(32), [name]: '' };
      for (const [service] of platformServices) {
        expect(() => containerEnv(service, without)).toThrow(`${name} is required`);
      }
    }
    for (const [service] of platformServices) {
      const env = containerEnv(service, { ...secrets, AUTH_JWT_SECRET: 'j'.repeat(32) });
      const config = loadConfig(env);
      expect(config).toMatchObject({ env: 'production', devLogin: false });
      expect(config.databaseUrl).toBe('postgres://miniapps:a1b2c3@postgres:5432/miniapps');
      // Neither JWT setting: the platform refuses to start, naming both.
      expect(() => loadConfig(containerEnv(service, secrets))).toThrow(ConfigError);
      expect(() => loadConfig(containerEnv(service, secrets))).toThrow(
        /AUTH_JWT_SECRET, AUTH_JWKS_URL or OIDC_ISSUER/,
      );
    }
  });
});
