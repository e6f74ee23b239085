// CPU time of a target's processes (utime + stime from /proc), so each target's cost per request can be compared
// on a shared machine where requests per second move with everyone else's load.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The process and its descendants (nginx's workers are children of its master). */
function family(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [pid];
  }
  return [pid, ...children.flatMap(family)];
}

/** Seconds of CPU the process and its descendants have used so far. */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const member of family(pid)) {
    try {
      // Fields after the command name (which may hold spaces, hence the last parenthesis): utime is 14th, stime 15th.
      const stat = readFileSync(`/proc/${member}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return ticks / TICKS_PER_SECOND;
}
