import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServicesConfig } from './config';
import { run } from './process-utils';
import { ELASTICSEARCH_VERSION, LUCENE_VERSION } from './versions';

export const PLUGIN_NAME = 'marketplace-analysis';

export function pluginDir(config: ServicesConfig): string {
  return path.join(config.repoRoot, 'search-schema', 'analysis-plugin');
}

export function pluginZip(config: ServicesConfig): string {
  return path.join(pluginDir(config), 'target', 'analysis-plugin.zip');
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** A hash of everything the zip is built from, so a changed source (or version pin) triggers a rebuild. */
export function pluginSourceHash(config: ServicesConfig): string {
  const dir = pluginDir(config);
  const hash = createHash('sha256').update(`${ELASTICSEARCH_VERSION}|${LUCENE_VERSION}`);
  const files = [path.join(dir, 'pom.xml'), ...listFiles(path.join(dir, 'src'))].sort();
  for (const file of files) {
    hash.update(path.relative(dir, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

function builtHashFile(config: ServicesConfig): string {
  return path.join(pluginDir(config), 'target', 'source.sha256');
}

/** Builds the plugin zip with Maven when its sources changed since the last build. Returns true if built. */
export function ensurePluginBuilt(config: ServicesConfig, jdkHome: string): boolean {
  const hash = pluginSourceHash(config);
  const hashFile = builtHashFile(config);
  if (existsSync(pluginZip(config)) && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === hash) {
    return false;
  }
  run(
    'mvn',
    [
      '-B',
      '-q',
      'package',
      `-Delasticsearch.version=${ELASTICSEARCH_VERSION}`,
      `-Dlucene.version=${LUCENE_VERSION}`,
    ],
    { cwd: pluginDir(config), env: { ...process.env, JAVA_HOME: jdkHome } },
  );
  if (!existsSync(pluginZip(config))) throw new Error(`Maven did not produce ${pluginZip(config)}`);
  // Written only after a successful build, so a failed build is retried next time.
  writeFileSync(hashFile, hash);
  return true;
}
