#!/usr/bin/env node
// Entry point of `npm test` and `npm run demo` on a fresh clone. Runs on whatever Node the machine has
// (plain JS, no dependencies): installs the project's dependencies, which include Node 24 itself, when they
// are missing or the lock file changed, then hands over to the real npm script, which runs on Node 24.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const script = process.argv[2];
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <npm-script> [args...]');
  process.exit(2);
}

function sh(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const lock = path.join(root, 'package-lock.json');
const marker = path.join(root, 'node_modules', '.installed-lock.sha256');
const lockHash = createHash('sha256').update(readFileSync(lock)).digest('hex');
const installed = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';
if (installed !== lockHash || !existsSync(path.join(root, 'node_modules', '.bin', 'node'))) {
  console.log('bootstrap: installing dependencies (npm ci)');
  if (sh('npm', ['ci', '--no-audit', '--no-fund']) !== 0) process.exit(1);
  writeFileSync(marker, lockHash);
}

process.exit(sh('npm', ['run', script, '--', ...process.argv.slice(3)]));
