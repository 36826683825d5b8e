import type { ServicesConfig } from './config';
import { ensureManagedProcess, stopManagedProcess, type ManagedProcess } from './managed-process';
import type { ServiceStatus } from './service-status';

// The digital-mailbox signing simulator (scripts/src/signing-simulator) as a managed background process.

export const signingSimulatorUrl = (config: ServicesConfig) =>
  `http://127.0.0.1:${config.SIGNING_SIMULATOR_PORT}`;

export function signingSimulatorProcess(config: ServicesConfig): ManagedProcess {
  return {
    name: 'signing-simulator',
    entry: 'scripts/src/signing-simulator/server.ts',
    healthUrl: `${signingSimulatorUrl(config)}/livez`,
  };
}

export async function checkSigningSimulator(config: ServicesConfig): Promise<ServiceStatus> {
  const url = `${signingSimulatorUrl(config)}/v1`;
  try {
    const response = await fetch(`${signingSimulatorUrl(config)}/sim`, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const info = (await response.json()) as { orders?: number };
    return {
      name: 'signing',
      up: true,
      url,
      version: 'simulator (digital-mailbox signing API v1)',
      detail: `${info.orders ?? '?'} orders, control ${signingSimulatorUrl(config)}/sim`,
    };
  } catch (error) {
    return { name: 'signing', up: false, url, detail: (error as Error).message };
  }
}

export const ensureSigningSimulator = (config: ServicesConfig) =>
  ensureManagedProcess(config, signingSimulatorProcess(config));
export const stopSigningSimulator = (config: ServicesConfig) =>
  stopManagedProcess(config, signingSimulatorProcess(config));
