import { existsSync } from 'node:fs';
import { run } from './process-utils';

/** Where Debian's `chromium` package puts the browser the web app's end-to-end tests drive. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Makes sure Debian's Chromium is installed for the browser tests (playwright-core drives it). We install
 * the distribution's package, never a tool's own browser download: it gets security updates with the rest of
 * the system and needs no network access at test time. Without root we only report what is missing.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return `present at ${CHROMIUM_PATH}`;
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    return `missing: install Debian's chromium package (sudo apt-get install -y chromium) for the browser tests`;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], { env });
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env });
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is missing`);
  return `installed at ${CHROMIUM_PATH}`;
}
