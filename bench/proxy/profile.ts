// Reads a V8 CPU profile and tells where the proxy's time goes: by function and by package.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileSummary {
  totalMs: number;
  byFunction: Array<{ name: string; share: number }>;
  byPackage: Array<{ name: string; share: number }>;
}

/** Where a frame's code lives: a package, our own source, node internals, the engine or idle. */
function packageOf(url: string, name: string): string {
  if (name === '(idle)') return '(idle)';
  if (name === '(garbage collector)') return '(garbage collector)';
  if (name === '(program)') return '(program: native, I/O)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const ours = /packages\/server\/src\/([^/]+)\//.exec(url);
  if (ours?.[1]) return `server/${ours[1]}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url ? 'other' : '(native)';
}

export function summarize(profile: CpuProfile, top = 15): ProfileSummary {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (const [i, id] of samples.entries()) self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const time = self.get(node.id) ?? 0;
    if (time === 0) continue;
    total += time;
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = packageOf(url, functionName);
    const file = url.split('/').slice(-1)[0] ?? '';
    const name = `${functionName || '(anonymous)'} ${file ? `${pkg}/${file}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
  }
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => ({ name, share: time / total }));
  return { totalMs: total / 1000, byFunction: rank(byFunction), byPackage: rank(byPackage) };
}
