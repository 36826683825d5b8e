import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServicesConfig } from './config';
import { isProcessAlive, readPid, startDetached, waitFor } from './process-utils';

/** A small Node server of ours (mail sink, BankID simulator) run in the background with a pid file. */
export interface ManagedProcess {
  name: string;
  /** TypeScript entry file, relative to the repository root. */
  entry: string;
  /** URL that answers 200 when the process is ready. */
  healthUrl: string;
}

function files(config: ServicesConfig, p: ManagedProcess) {
  const dir = path.join(config.SERVICES_CACHE_DIR, p.name);
  return { dir, pid: path.join(dir, `${p.name}.pid`), log: path.join(dir, `${p.name}.log`) };
}

export async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts the process unless its health URL already answers. Returns what it did. */
export async function ensureManagedProcess(config: ServicesConfig, p: ManagedProcess): Promise<string> {
  if (await isHealthy(p.healthUrl)) return 'running';
  const f = files(config, p);
  mkdirSync(f.dir, { recursive: true });
  const stale = readPid(f.pid);
  if (stale && isProcessAlive(stale)) process.kill(stale, 'SIGTERM');
  const log = openSync(f.log, 'a');
  // process.execPath is the project's Node 24 (npm scripts put node_modules/.bin first on PATH).
  const pid = startDetached(process.execPath, ['--import', 'tsx', path.join(config.repoRoot, p.entry)], log, {
    cwd: config.repoRoot,
  });
  writeFileSync(f.pid, String(pid));
  await waitFor(
    `${p.name} to answer on ${p.healthUrl}`,
    async () => ((await isHealthy(p.healthUrl)) ? true : undefined),
    30_000,
  ).catch((error: Error) => {
    const tail = existsSync(f.log) ? readFileSync(f.log, 'utf8').slice(-2000) : '';
    throw new Error(`${error.message}\n--- ${f.log} (tail) ---\n${tail}`);
  });
  return 'started';
}

export async function stopManagedProcess(config: ServicesConfig, p: ManagedProcess): Promise<boolean> {
  const f = files(config, p);
  const pid = readPid(f.pid);
  if (!pid || !isProcessAlive(pid)) return false;
  process.kill(pid, 'SIGTERM');
  await waitFor(`${p.name} to stop`, async () => (isProcessAlive(pid) ? undefined : true), 10_000);
  rmSync(f.pid, { force: true });
  return true;
}
