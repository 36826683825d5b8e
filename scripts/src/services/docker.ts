import type { ServicesConfig } from './config';
import { run, succeeds } from './process-utils';

/** True when a Docker engine answers (the client alone is not enough). */
export function dockerEngineAnswers(): boolean {
  return succeeds('docker', ['info', '--format', '{{.ServerVersion}}'], 10_000);
}

export function useDocker(config: ServicesConfig): boolean {
  if (config.SERVICES_MODE === 'local') return false;
  if (config.SERVICES_MODE === 'docker') return true;
  return dockerEngineAnswers();
}

export function composeUp(config: ServicesConfig): void {
  run('docker', ['compose', 'up', '-d', '--build', '--wait'], { cwd: config.repoRoot, stdio: 'inherit' });
}

export function composeDown(config: ServicesConfig): void {
  run('docker', ['compose', 'stop'], { cwd: config.repoRoot, stdio: 'inherit' });
}
