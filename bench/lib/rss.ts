import fs from 'node:fs';

/** The server's processes: the primary and its workers (children). */
function serverPids(primary: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === primary;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [primary, ...children];
}

function rssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Samples the resident memory of the server's processes every 20 ms from now until `stop`:
 * `peakGrowthMb` is the largest growth of any one of them, in MiB.
 */
export function watchServerRss(primary: number): { peakGrowthMb: () => number; stop: () => void } {
  const pids = serverPids(primary);
  const baseline = new Map(pids.map((pid) => [pid, rssKb(pid)]));
  const peak = new Map(baseline);
  const sampler = setInterval(() => {
    for (const pid of pids) peak.set(pid, Math.max(peak.get(pid) ?? 0, rssKb(pid)));
  }, 20);
  return {
    peakGrowthMb: () =>
      Math.max(...pids.map((pid) => (peak.get(pid)! - baseline.get(pid)!) / 1024)),
    stop: () => clearInterval(sampler),
  };
}
