import fsSync from 'node:fs';
import fs from 'node:fs/promises';

/**
 * What the embedded PostgreSQL (embedded.ts) asks of other processes: whether one still runs, and
 * its start time, to tell a reused pid from the same process. Linux's /proc where it is needed.
 */

/** Whether a process exists (also one of another user, which we may not signal). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits until a process has ended (a zombie waiting for its parent counts as ended). */
export async function processEnded(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!processExists(pid)) return true;
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Start time of a process (clock ticks after boot), to tell a reused pid from the same process. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fsSync.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
