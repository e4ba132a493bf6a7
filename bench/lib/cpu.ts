/**
 * CPU time spent by a process and everything it started (Linux /proc), for figures that say where
 * a request's time goes whatever else the machine is doing: requests per second move with the
 * load of a shared host, CPU time per request much less.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

interface ProcStat {
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
  /** cutime + cstime: the children it has waited for (a backend that ended, a finished pgbench). */
  exitedChildrenTicks: number;
}

function readStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // The command name (field 2) may hold spaces: the fields after it follow its closing paren.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    stats.set(Number(entry), {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      exitedChildrenTicks: Number(fields[13]) + Number(fields[14]),
    });
  }
  return stats;
}

/** `root` and its live descendants in one reading of /proc. */
function treeOf(root: number, stats: Map<number, ProcStat>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats)
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  const tree: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    if (stats.has(pid)) tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Clock ticks used so far by `root` and its live descendants, in one reading of /proc. */
function liveTicks(root: number, stats: Map<number, ProcStat>): number {
  return treeOf(root, stats).reduce((sum, pid) => sum + (stats.get(pid)?.ticks ?? 0), 0);
}

/** CPU milliseconds used so far by `root` and its live descendants. */
export function treeCpuMs(root: number): number {
  return (liveTicks(root, readStats()) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds used so far by `root`, its live descendants and the children it has waited for
 * (a client's PostgreSQL backends end with its connections, and their time moves to the
 * postmaster's), read once. Read twice, a backend ending in between was counted both live and
 * ended: pgbench's eight backends end as it does, which once doubled pgbench/tpcb-cpu-us-per-tx
 * (974 us against 510-600 in the runs before).
 */
export function treeWithEndedCpuMs(root: number): number {
  const stats = readStats();
  const ended = stats.get(root)?.exitedChildrenTicks ?? 0;
  return ((liveTicks(root, stats) + ended) * 1000) / TICKS_PER_SECOND;
}

/** Resolves once every descendant of `root` that is not in `before` has ended (at most 5 s). */
export async function newDescendantsEnded(root: number, before: Set<number>): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 20) {
    if (treeOf(root, readStats()).every((pid) => before.has(pid))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The pids of `root`'s tree now (for newDescendantsEnded). */
export function descendants(root: number): Set<number> {
  return new Set(treeOf(root, readStats()));
}

/**
 * CPU milliseconds of the children `pid` has waited for: what processes that ended meanwhile used
 * (a child program with its run).
 */
export function exitedChildrenCpuMs(pid: number): number {
  return ((readStats().get(pid)?.exitedChildrenTicks ?? 0) * 1000) / TICKS_PER_SECOND;
}

/** This process's own CPU milliseconds so far (the load generator). */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The postmaster's pid of a cluster, from its data directory. */
export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
