import type { ServicesConfig } from './config';
import { ensureManagedProcess, stopManagedProcess, type ManagedProcess } from './managed-process';
import type { ServiceStatus } from './service-status';

// The card-payment simulator (scripts/src/card-simulator) as a managed background process on loopback.

export const cardSimulatorUrl = (config: ServicesConfig) => `http://127.0.0.1:${config.CARD_SIMULATOR_PORT}`;

export function cardSimulatorProcess(config: ServicesConfig): ManagedProcess {
  return {
    name: 'card-simulator',
    entry: 'scripts/src/card-simulator/server.ts',
    healthUrl: `${cardSimulatorUrl(config)}/livez`,
  };
}

export async function checkCardSimulator(config: ServicesConfig): Promise<ServiceStatus> {
  const url = `${cardSimulatorUrl(config)}/v1`;
  try {
    const response = await fetch(`${cardSimulatorUrl(config)}/sim`, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const info = (await response.json()) as { methods?: number; intents?: number; webhookEndpoints?: number };
    return {
      name: 'cards',
      up: true,
      url,
      version: 'simulator (Stripe-shaped API)',
      detail: `${info.methods ?? 0} cards, ${info.intents ?? 0} payment intents, ${info.webhookEndpoints ?? 0} webhook endpoints; card form ${cardSimulatorUrl(config)}/hosted/card`,
    };
  } catch (error) {
    return { name: 'cards', up: false, url, detail: (error as Error).message };
  }
}

export const ensureCardSimulator = (config: ServicesConfig) =>
  ensureManagedProcess(config, cardSimulatorProcess(config));
export const stopCardSimulator = (config: ServicesConfig) =>
  stopManagedProcess(config, cardSimulatorProcess(config));
