/**
 * `npm start`: the API (which also serves the built web app), the indexer workers and the commerce worker
 * (renewals, assessment results), as three processes
 * against the configured services. Stops both when either exits or on SIGINT/SIGTERM. In development it points
 * the local card simulator's webhooks at the API (`demo/card-webhook.ts`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '@mp/api/config';
import { registerLocalCardWebhook } from './demo/card-webhook';
import { loadServicesConfig } from './services/config';

const root = loadServicesConfig().repoRoot;
const entries = {
  api: 'api/src/server.ts',
  indexer: 'indexer/src/worker.ts',
  commerce: 'api/src/jobs/worker.ts',
} as const;

const children = new Map<string, ChildProcess>();
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 10_000).unref();
  let remaining = children.size;
  for (const child of children.values()) {
    child.once('exit', () => {
      remaining -= 1;
      if (remaining === 0) process.exit(code);
    });
  }
}

for (const [name, entry] of Object.entries(entries)) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
    stdio: 'inherit',
    cwd: root,
  });
  children.set(name, child);
  child.once('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`start: ${name} exited (${signal ?? code}); stopping the rest`);
      stopAll(code ?? 1);
    }
  });
}

/** In development, the local card simulator's events go to this API (see `demo/card-webhook.ts`). */
async function registerCardWebhook() {
  try {
    const result = await registerLocalCardWebhook(loadConfig());
    if ('registered' in result) console.log(`start: card simulator webhooks go to ${result.registered}`);
  } catch (error) {
    console.error(`start: card simulator webhooks not registered: ${String(error)}`);
  }
}

/** Prints where the app is once the API answers its health check. */
async function announce() {
  const port = process.env.PORT ?? '3000';
  const host = process.env.HOST ?? '127.0.0.1';
  const base = `http://${host}:${port}`;
  for (let i = 0; i < 120 && !stopping; i++) {
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200 || response.status === 503) {
        console.log(`\n  Konsultmarknaden is running at ${base}/sv/search  (English: ${base}/en/search)`);
        console.log(`  API docs: ${base}/api/docs   Mail sink: http://127.0.0.1:8025   Stop with Ctrl+C\n`);
        await registerCardWebhook();
        return;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
void announce();

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
