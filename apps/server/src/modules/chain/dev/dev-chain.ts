import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The development chain: Foundry's `anvil` EVM node, from the npm package
 * `@foundry-rs/anvil-<platform>` (the binary ships inside the package; its wrapper's install script,
 * which would download the binary when the platform package is missing, is not run: see
 * `allowScripts` in the root package.json). Nothing is fetched at install or run time.
 *
 * Used by the chain integration tests now, and by `npm start` with nothing configured later.
 * Never in production: the caller refuses it there, as it refuses the simulated market.
 */

/** Anvil's (and Hardhat's) well-known development mnemonic: its keys are public, its coins worthless. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_CHAIN_ID = 31337;

export interface DevChain {
  /** http://127.0.0.1:<port> */
  rpcUrl: string;
  chainId: number;
  /** Stops the node (SIGTERM, then SIGKILL after 2 s); resolves once it has exited. */
  stop(): Promise<void>;
  /** Kills the node at once, without waiting (a start cut short, the process exiting). */
  stopNow(): void;
}

export interface DevChainOptions {
  /** Mines a block every N seconds as well as on each transaction (npm start); none in tests. */
  blockTimeSeconds?: number;
  /** How long to wait for the node to answer. */
  startTimeoutMs?: number;
}

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** The path of the anvil binary the platform package installed. */
export function anvilBinary(): string {
  const key = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGES[key];
  if (!pkg) throw new Error(`The development chain has no anvil build for ${key}`);
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  return createRequire(import.meta.url).resolve(`${pkg}/bin/${binary}`);
}

/**
 * Starts anvil on a free loopback port (the node picks it: `--port 0`, no race with another
 * process), with the development mnemonic and chain id, and resolves once it answers JSON-RPC.
 */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    '--mnemonic',
    DEV_MNEMONIC,
    '--chain-id',
    String(DEV_CHAIN_ID),
    '--accounts',
    '10',
  ];
  if (options.blockTimeSeconds !== undefined) {
    args.push('--block-time', String(options.blockTimeSeconds));
  }
  const child = spawnTied(anvilBinary(), args);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await listeningPort(child, options.startTimeoutMs ?? 15_000);
    const rpcUrl = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(rpcUrl, options.startTimeoutMs ?? 15_000);
    return {
      rpcUrl,
      chainId: DEV_CHAIN_ID,
      stop: () => stopChild(child, exited),
      stopNow: () => killNow(child),
    };
  } catch (error) {
    await stopChild(child, exited);
    throw error;
  }
}

/** The port from anvil's "Listening on 127.0.0.1:<port>" line. */
function listeningPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('anvil did not start in time')), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on [\d.]+:(\d+)/.exec(output);
      if (match?.[1]) {
        done();
        resolve(Number(match[1]));
      }
    };
    const onExit = (code: number | null) =>
      fail(new Error(`anvil exited (${code ?? 'signal'}) before listening: ${output.slice(-500)}`));
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      // Keep draining its output so the pipe never fills and blocks the node.
      child.stdout?.resume();
      child.stderr?.resume();
    };
    const fail = (error: Error) => {
      done();
      reject(error);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', onExit);
  });
}

async function waitUntilAnswering(rpcUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`anvil at ${rpcUrl} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The node, tied to this process's life: on POSIX it runs under a small shell in a process group
 * of its own, which stops it when its standard input closes — when we close it, or when this
 * process dies however it dies (kill -9 included), so no orphan node is left holding a port.
 */
const TIED =
  'trap "" INT; "$0" "$@" </dev/null & node=$!; read _; kill "$node" 2>/dev/null; wait "$node"';

function spawnTied(binary: string, args: string[]): ChildProcess {
  if (process.platform === 'win32') return spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  return spawn('sh', ['-c', TIED, binary, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** SIGKILL to the node and its shell (their process group). */
function killNow(child: ChildProcess): void {
  if (!running(child) || child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Closes the node's standard input (it stops: see spawnTied); killed if not gone after 2 s. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (!running(child)) return;
  if (process.platform === 'win32') child.kill('SIGTERM');
  else child.stdin?.end();
  const timer = setTimeout(() => killNow(child), 2_000);
  await exited;
  clearTimeout(timer);
}
