/**
 * `node --import tsx bench/trace-page.ts URL [sid=TOKEN]`: where a page's main thread goes on a
 * slow phone. Loads URL in Debian's Chromium with the CPU slowed four times (as Lighthouse's mobile
 * run counts it), records a trace with the JavaScript profiler on, and prints each task of 50 ms
 * or more: what it was made of (evaluating modules, layout, a script's function...) and, for the
 * script in it, the functions that took the time. Lighthouse gives the score; this says why.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/frontend';

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number };
}

const LONG_TASK_US = 50_000;

async function record(url: string, cookie: string | undefined, file: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    if (cookie) {
      const [name = '', ...value] = cookie.split('=');
      await context.addCookies([{ name, value: value.join('='), url }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      path: file,
      categories: [
        'toplevel',
        'v8.execute',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    await browser.stopTracing();
  } finally {
    await browser.close();
  }
}

/** The renderer's main thread with the most events (the page's, not an extension's). */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
  const main = mains.sort((a, b) => count(b) - count(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  return { pid: main.pid, tid: main.tid };
}

/** Samples of the JavaScript profiler: time (µs, trace clock) and the sampled frame's stack. */
function samplesOf(events: TraceEvent[], pid: number): { ts: number; stack: string[] }[] {
  const nodes = new Map<string, ProfileNode>();
  const clock = new Map<string, number>();
  const samples: { ts: number; key: string }[] = [];
  for (const event of events) {
    if (event.pid !== pid || !event.id) continue;
    const data = event.args?.data;
    if (event.name === 'Profile' && data?.startTime !== undefined)
      clock.set(event.id, data.startTime);
    if (event.name !== 'ProfileChunk' || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(`${event.id}:${node.id}`, node);
    (data.cpuProfile?.samples ?? []).forEach((sample, i) => {
      const ts = (clock.get(event.id!) ?? 0) + (data.timeDeltas?.[i] ?? 0);
      clock.set(event.id!, ts);
      samples.push({ ts, key: `${event.id}:${sample}` });
    });
  }
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url?.split('/').pop() ?? '';
    return `${functionName || '(anonymous)'} ${file}:${lineNumber ?? '?'}:${columnNumber ?? '?'}`;
  };
  return samples.map(({ ts, key }) => {
    const stack: string[] = [];
    const [profile] = key.split(':');
    for (let node = nodes.get(key); node;) {
      stack.push(label(node));
      node = node.parent === undefined ? undefined : nodes.get(`${profile}:${node.parent}`);
    }
    return { ts, stack };
  });
}

function top(totals: Map<string, number>, count: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms  ${name.slice(0, 110)}`);
}

function report(file: string): void {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as
    TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const { pid, tid } = mainThread(events);
  const own = events.filter((e) => e.pid === pid && e.tid === tid);
  // From the navigation's first event (metadata events carry no time).
  const start = Math.min(...own.filter((e) => e.ph !== 'M' && e.ts > 0).map((e) => e.ts));
  const tasks = own
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= LONG_TASK_US)
    .sort((a, b) => a.ts - b.ts);
  const samples = samplesOf(events, pid).sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of own) {
      if (e === task || !e.dur || e.ts < task.ts || e.ts >= end || e.name.includes('RunTask')) {
        continue;
      }
      const url = e.args?.data?.url?.split('/').pop();
      const name = url ? `${e.name} ${url}` : e.name;
      parts.set(name, Math.max(parts.get(name) ?? 0, e.dur));
    }
    const self = new Map<string, number>();
    samples.forEach((sample, i) => {
      if (sample.ts < task.ts || sample.ts >= end) return;
      const next = samples[i + 1]?.ts ?? sample.ts;
      const leaf = sample.stack[0];
      // (program) is the browser's own work, listed above; (idle) is none.
      if (leaf && !leaf.startsWith('(program)') && !leaf.startsWith('(idle)'))
        self.set(leaf, (self.get(leaf) ?? 0) + (next - sample.ts));
    });
    console.log(
      `task at ${((task.ts - start) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms`,
    );
    console.log(top(parts, 6).join('\n'));
    if (self.size > 0) console.log('  functions (self time):\n' + top(self, 8).join('\n'));
  }
}

const [url, cookie] = process.argv.slice(2);
if (!url) {
  console.error('usage: node --import tsx bench/trace-page.ts URL [sid=TOKEN]');
  process.exit(2);
}
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trace-')), 'trace.json');
await record(url, cookie, file);
report(file);
console.log(`(trace: ${file})`);
