// The repository explains itself: every relative link in its docs resolves, and nothing cites a document outside it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

/** The Markdown a reader of the repository meets: the README, docs/ and each package's README. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name));
  const packages = readdirSync(join(root, 'packages'))
    .map((name) => join('packages', name, 'README.md'))
    .filter((path) => existsSync(join(root, path)));
  return ['README.md', ...docs, ...packages];
}

/** The text outside fenced code blocks and inline code spans, where a bracket is a link and not code. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Link targets: inline links and images `[text](target "title")`, and reference definitions `[id]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map(
    (m) => m[1] as string,
  );
  return [...inline, ...references];
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const heading = (match[1] as string)
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(heading) ?? 0;
    seen.set(heading, count + 1);
    result.add(count === 0 ? heading : `${heading}-${count}`);
  }
  return result;
}

interface BrokenLink {
  file: string;
  target: string;
  problem: string;
}

function brokenLinks(file: string): BrokenLink[] {
  const markdown = readFileSync(join(root, file), 'utf8');
  const broken: BrokenLink[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not a file of ours
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = decodeURIComponent(pathPart.split('?')[0] ?? '');
    const absolute = path === '' ? join(root, file) : resolve(root, dirname(file), path);
    if (absolute !== root && !absolute.startsWith(root + sep)) {
      broken.push({ file, target, problem: 'points outside the repository' });
    } else if (!existsSync(absolute)) {
      broken.push({ file, target, problem: 'no such file' });
    } else if (anchor && absolute.endsWith('.md') && statSync(absolute).isFile()) {
      if (!anchors(readFileSync(absolute, 'utf8')).has(anchor)) {
        broken.push({ file, target, problem: `no heading #${anchor}` });
      }
    }
  }
  return broken;
}

/** Files of the repository as git sees them (tracked, and new ones not ignored), or a walk when git is absent. */
function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return out.split('\0').filter((path) => path !== '' && existsSync(join(root, path)));
  } catch {
    const skip = new Set(['node_modules', '.git', 'dist', 'data']);
    const walk = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        if (skip.has(entry.name)) return [];
        const path = join(dir, entry.name);
        return entry.isDirectory() ? walk(path) : [path];
      });
    return walk('');
  }
}

// Spelled in parts so this file does not name them itself.
const outsideDocuments = ['CONTRACT', 'DESIGN', 'SCREENS', 'STYLE'].map((name) => `${name}.md`);

describe('documentation', () => {
  it('docs/contract.md and docs/architecture.md exist', () => {
    expect(existsSync(join(root, 'docs/contract.md'))).toBe(true);
    expect(existsSync(join(root, 'docs/architecture.md'))).toBe(true);
  });

  it.each(markdownFiles())('%s: every relative link resolves inside the repository', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('the link check sees links, images, references and anchors, and skips code', () => {
    const markdown = [
      '# A heading, with `code`',
      '[a](docs/a.md#a-heading-with-code) ![b](b.png "t") [c](<c d.md>)',
      '`[not](a-link)`',
      '```',
      '[not](a-link-either)',
      '```',
      '[ref]: ../ref.md',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual(['docs/a.md#a-heading-with-code', 'b.png', 'c d.md', '../ref.md']);
    expect(anchors('# One\n## One\n### `x` & y: z')).toEqual(new Set(['one', 'one-1', 'x--y-z']));
  });

  it("docs/contract.md lists every code of the server's error registry with its status", () => {
    const registry = readFileSync(join(root, 'packages/contract/src/errors.ts'), 'utf8');
    const codes = [...registry.matchAll(/^\s+([a-z_]+): \{ status: (\d{3}) \},?$/gm)].map(
      (m) => [m[1] as string, m[2] as string] as const,
    );
    expect(codes.length).toBeGreaterThan(40);
    const contract = readFileSync(join(root, 'docs/contract.md'), 'utf8');
    const errors = contract.slice(contract.indexOf('\n## Errors'), contract.indexOf('\n## Limits'));
    const rows = errors.split('\n').filter((line) => line.startsWith('| `'));
    const unlisted = codes.filter(
      ([code, status]) =>
        !rows.some((row) => row.split(' | ')[0]?.includes(`\`${code}\``) && row.includes(` | ${status} | `)),
    );
    expect(unlisted).toEqual([]);
  });

  it('no file of the repository cites a document that is not in it', () => {
    const citing: string[] = [];
    for (const path of repositoryFiles()) {
      if (path.split(/[\\/]/).includes('node_modules')) continue;
      const bytes = readFileSync(join(root, path));
      if (bytes.includes(0)) continue; // pictures and other binary files
      const text = bytes.toString('utf8');
      for (const name of outsideDocuments) {
        if (text.includes(name)) citing.push(`${relative(root, join(root, path))}: ${name}`);
      }
    }
    expect(citing).toEqual([]);
  });
});
