import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Reads the feature version (21, 25, ...) from a JDK's `release` file. */
export function readJdkVersion(home: string): number | undefined {
  const releaseFile = path.join(home, 'release');
  if (!existsSync(releaseFile) || !existsSync(path.join(home, 'bin', 'java'))) return undefined;
  const match = /^JAVA_VERSION="(\d+)/m.exec(readFileSync(releaseFile, 'utf8'));
  return match ? Number(match[1]) : undefined;
}

/**
 * Picks the newest JDK at or above `minimum`: ES_JAVA_HOME or JAVA_HOME if they qualify, else the newest
 * under /usr/lib/jvm (Temurin 25 on our machines; the default OpenJDK 17 is too old for Elasticsearch 9).
 */
export function findJdk(
  minimum: number,
  env: NodeJS.ProcessEnv = process.env,
  jvmDir = '/usr/lib/jvm',
): string {
  const candidates = [env.ES_JAVA_HOME, env.JAVA_HOME].filter((h): h is string => Boolean(h));
  if (existsSync(jvmDir)) {
    candidates.push(...readdirSync(jvmDir).map((d) => path.join(jvmDir, d)));
  }
  const qualified = candidates
    .map((home) => ({ home, version: readJdkVersion(home) ?? 0 }))
    .filter((c) => c.version >= minimum)
    .sort((a, b) => b.version - a.version);
  const best = qualified[0];
  if (!best) {
    throw new Error(
      `No JDK >= ${minimum} found (looked at ES_JAVA_HOME, JAVA_HOME and ${jvmDir}). ` +
        `Install one, e.g. 'apt-get install openjdk-21-jdk-headless' or a Temurin JDK, and set ES_JAVA_HOME.`,
    );
  }
  return best.home;
}
