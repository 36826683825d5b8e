/**
 * `npm run services` (up), `services:status` and `services:stop`. Idempotent: a second `up` finds
 * everything healthy and changes nothing.
 */
import { ensurePluginBuilt } from './analysis-plugin';
import { checkBankIdSimulator, ensureBankIdSimulator, stopBankIdSimulator } from './bankid';
import { checkCardSimulator, ensureCardSimulator, stopCardSimulator } from './card-payments';
import { ensureChromium } from './chromium';
import { loadServicesConfig, type ServicesConfig } from './config';
import { composeDown, composeUp, useDocker } from './docker';
import { checkElasticsearch, ensureElasticsearch, stopElasticsearch } from './elasticsearch';
import { checkSmtp, ensureMailSink, stopMailSink } from './mail-sink';
import { checkPostgres, ensureDatabases } from './postgres';
import { checkRedis, ensureRedisNoEviction } from './redis';
import { checkSigningSimulator, ensureSigningSimulator, stopSigningSimulator } from './signing';
import { findJdk } from './jdk';
import { formatStatus, type ServiceStatus } from './service-status';
import { MIN_ES_JAVA_VERSION } from './versions';

async function statusAll(config: ServicesConfig): Promise<ServiceStatus[]> {
  return Promise.all([
    checkPostgres(config),
    checkRedis(config),
    checkElasticsearch(config),
    checkSmtp(config),
    checkBankIdSimulator(config),
    checkSigningSimulator(config),
    checkCardSimulator(config),
  ]);
}

function printAll(statuses: ServiceStatus[]): boolean {
  for (const s of statuses) console.log(formatStatus(s));
  return statuses.every((s) => s.up);
}

async function up(config: ServicesConfig): Promise<boolean> {
  const started = Date.now();
  if (useDocker(config)) {
    console.log('services: a Docker engine answers, using docker compose');
    // The Elasticsearch image installs the same plugin zip the local path uses.
    ensurePluginBuilt(config, findJdk(MIN_ES_JAVA_VERSION));
    composeUp(config);
  }
  const pg = await checkPostgres(config);
  if (!pg.up) throw new Error(`postgres is not answering at ${pg.url}: ${pg.detail}`);
  const created = await ensureDatabases(config);
  console.log(`postgres: ${created.length ? `created ${created.join(', ')}` : 'databases present'}`);

  const redis = await checkRedis(config);
  if (!redis.up) throw new Error(`redis is not answering at ${redis.url}: ${redis.detail}`);
  const changed = await ensureRedisNoEviction(config);
  console.log(`redis: ${changed ? 'set maxmemory-policy noeviction' : 'maxmemory-policy noeviction'}`);

  // Chromium first: installing it blocks this process (apt-get), and a keep-alive connection left from a
  // simulator's readiness check would by then have been closed by the simulator, so the status check below
  // failed with 'fetch failed' on a fresh machine.
  console.log(`chromium: ${ensureChromium()}`);
  // The two slow ones start side by side.
  const [es, mail] = await Promise.all([ensureElasticsearch(config), ensureMailSink(config)]);
  console.log(`elasticsearch: ${es}`);
  console.log(`smtp: ${mail}`);
  // Not part of docker-compose: the simulator is ours and runs as a Node process in both modes.
  console.log(`bankid: ${await ensureBankIdSimulator(config)}`);
  console.log(`signing: ${await ensureSigningSimulator(config)}`);
  console.log(`cards: ${await ensureCardSimulator(config)}`);

  const ok = printAll(await statusAll(config));
  console.log(`services: ${ok ? 'all up' : 'NOT all up'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

async function stop(config: ServicesConfig): Promise<void> {
  const bankid = await stopBankIdSimulator(config);
  console.log(`bankid: ${bankid ? 'stopped' : 'was not running (or not started by these scripts)'}`);
  const signing = await stopSigningSimulator(config);
  console.log(`signing: ${signing ? 'stopped' : 'was not running (or not started by these scripts)'}`);
  const cards = await stopCardSimulator(config);
  console.log(`cards: ${cards ? 'stopped' : 'was not running (or not started by these scripts)'}`);
  if (useDocker(config)) {
    composeDown(config);
    return;
  }
  // Postgres and Redis are the machine's own services: stopping them is not ours to do.
  const [es, mail] = await Promise.all([stopElasticsearch(config), stopMailSink(config)]);
  console.log(`elasticsearch: ${es ? 'stopped' : 'was not running (or not started by these scripts)'}`);
  console.log(`smtp: ${mail ? 'stopped' : 'was not running (or not started by these scripts)'}`);
}

async function main(): Promise<number> {
  const config = loadServicesConfig();
  const command = process.argv[2] ?? 'up';
  switch (command) {
    case 'up':
      return (await up(config)) ? 0 : 1;
    case 'status':
      return printAll(await statusAll(config)) ? 0 : 1;
    case 'stop':
      await stop(config);
      return 0;
    default:
      console.error(`usage: services [up|status|stop]`);
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`services: ${error.message}`);
    process.exit(1);
  },
);
