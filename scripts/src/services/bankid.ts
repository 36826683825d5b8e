import type { ServicesConfig } from './config';
import { ensureManagedProcess, stopManagedProcess, type ManagedProcess } from './managed-process';
import type { ServiceStatus } from './service-status';

// The BankID simulator (scripts/src/bankid-simulator) as a managed background process on loopback.

export const bankIdSimulatorUrl = (config: ServicesConfig) =>
  `http://127.0.0.1:${config.BANKID_SIMULATOR_PORT}`;

export function bankIdSimulatorProcess(config: ServicesConfig): ManagedProcess {
  return {
    name: 'bankid-simulator',
    entry: 'scripts/src/bankid-simulator/server.ts',
    healthUrl: `${bankIdSimulatorUrl(config)}/livez`,
  };
}

export async function checkBankIdSimulator(config: ServicesConfig): Promise<ServiceStatus> {
  const url = `${bankIdSimulatorUrl(config)}/rp/v6.0`;
  try {
    const response = await fetch(`${bankIdSimulatorUrl(config)}/sim`, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const info = (await response.json()) as { options?: { stepMs?: number; autoSign?: boolean } };
    return {
      name: 'bankid',
      up: true,
      url,
      version: 'simulator (RP API v6.0)',
      detail: `step ${info.options?.stepMs ?? '?'} ms, auto-sign ${info.options?.autoSign ?? '?'}, app ${bankIdSimulatorUrl(config)}/app`,
    };
  } catch (error) {
    return { name: 'bankid', up: false, url, detail: (error as Error).message };
  }
}

export const ensureBankIdSimulator = (config: ServicesConfig) =>
  ensureManagedProcess(config, bankIdSimulatorProcess(config));
export const stopBankIdSimulator = (config: ServicesConfig) =>
  stopManagedProcess(config, bankIdSimulatorProcess(config));
