import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Runs a command to completion; throws with its output when it fails. */
export function run(cmd: string, args: string[], options: SpawnOptions & { quiet?: boolean } = {}): string {
  const result = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} exited ${result.status}\n${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim(),
    );
  }
  return String(result.stdout ?? '');
}

/** True when the command runs and exits 0. */
export function succeeds(cmd: string, args: string[], timeoutMs = 10_000): boolean {
  const result = spawnSync(cmd, args, { stdio: 'ignore', timeout: timeoutMs });
  return !result.error && result.status === 0;
}

/** Starts a long-running process detached from this one, its output appended to a log file. */
export function startDetached(
  cmd: string,
  args: string[],
  logFd: number,
  options: SpawnOptions = {},
): number {
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', logFd, logFd], ...options });
  child.unref();
  if (!child.pid) throw new Error(`could not start ${cmd}`);
  return child.pid;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value or the deadline passes. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  intervalMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
