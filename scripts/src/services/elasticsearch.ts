import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePluginBuilt, PLUGIN_NAME, pluginSourceHash, pluginZip } from './analysis-plugin';
import type { ServicesConfig } from './config';
import { findJdk } from './jdk';
import { isProcessAlive, readPid, run, sleep, startDetached, succeeds, waitFor } from './process-utils';
import type { ServiceStatus } from './service-status';
import { ELASTICSEARCH_VERSION, MIN_ES_JAVA_VERSION } from './versions';

interface Paths {
  root: string;
  download: string;
  home: string;
  data: string;
  logs: string;
  pidFile: string;
  launchLog: string;
  installedPluginHash: string;
}

/**
 * Where the node lives: `.cache/elasticsearch` in the repository, unless we run as root and the service user
 * cannot reach that folder (a checkout under /root, say); then a folder of its own under /var/lib, one per
 * checkout.
 */
function esRoot(config: ServicesConfig): string {
  const inRepo = path.join(config.SERVICES_CACHE_DIR, 'elasticsearch');
  if (!isRoot() || !succeeds('id', ['-u', config.ES_USER])) return inRepo;
  if (succeeds('runuser', ['-u', config.ES_USER, '--', 'test', '-x', config.SERVICES_CACHE_DIR]))
    return inRepo;
  if (!existsSync(config.SERVICES_CACHE_DIR)) {
    mkdirSync(config.SERVICES_CACHE_DIR, { recursive: true });
    if (succeeds('runuser', ['-u', config.ES_USER, '--', 'test', '-x', config.SERVICES_CACHE_DIR]))
      return inRepo;
  }
  const key = createHash('sha256').update(config.repoRoot).digest('hex').slice(0, 12);
  return path.join('/var/lib/marketplace-elasticsearch', key);
}

export function esPaths(config: ServicesConfig): Paths {
  const root = esRoot(config);
  return {
    root,
    download: path.join(root, 'download'),
    home: path.join(root, `elasticsearch-${ELASTICSEARCH_VERSION}`),
    data: path.join(root, 'data'),
    logs: path.join(root, 'logs'),
    pidFile: path.join(root, 'elasticsearch.pid'),
    launchLog: path.join(root, 'launch.log'),
    installedPluginHash: path.join(root, 'plugin.sha256'),
  };
}

async function getJson(url: string, timeoutMs = 3000): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The minimal distribution answers 405 to `GET /`, so health comes from `_cluster/health`. */
export async function clusterHealth(config: ServicesConfig): Promise<string | undefined> {
  try {
    const body = (await getJson(new URL('/_cluster/health', config.ELASTICSEARCH_URL).toString())) as {
      status?: string;
    };
    return body.status;
  } catch {
    return undefined;
  }
}

async function nodeInfo(config: ServicesConfig): Promise<{ version?: string; plugins: string[] }> {
  const body = (await getJson(new URL('/_nodes/_local/plugins', config.ELASTICSEARCH_URL).toString())) as {
    nodes: Record<string, { version: string; plugins?: { name: string }[] }>;
  };
  const node = Object.values(body.nodes)[0];
  return { version: node?.version, plugins: (node?.plugins ?? []).map((p) => p.name) };
}

export async function checkElasticsearch(config: ServicesConfig): Promise<ServiceStatus> {
  const url = config.ELASTICSEARCH_URL;
  const health = await clusterHealth(config);
  if (!health) return { name: 'elasticsearch', up: false, url, detail: 'no answer on _cluster/health' };
  try {
    const info = await nodeInfo(config);
    const plugin = info.plugins.includes(PLUGIN_NAME) ? PLUGIN_NAME : 'analysis plugin MISSING';
    return {
      name: 'elasticsearch',
      up: health !== 'red',
      url,
      version: info.version,
      detail: `${health}, ${plugin}`,
    };
  } catch (error) {
    return { name: 'elasticsearch', up: false, url, detail: (error as Error).message };
  }
}

function ensureDistribution(config: ServicesConfig, paths: Paths): void {
  if (existsSync(path.join(paths.home, 'bin', 'elasticsearch'))) return;
  mkdirSync(paths.download, { recursive: true });
  const zip = path.join(paths.download, `elasticsearch-${ELASTICSEARCH_VERSION}.zip`);
  if (!existsSync(zip)) {
    console.log(`elasticsearch: downloading the ${ELASTICSEARCH_VERSION} distribution from Maven Central`);
    run('mvn', [
      '-B',
      '-q',
      'dependency:copy',
      `-Dartifact=org.elasticsearch.distribution.integ-test-zip:elasticsearch:${ELASTICSEARCH_VERSION}:zip`,
      `-DoutputDirectory=${paths.download}`,
    ]);
  }
  if (!succeeds('unzip', ['-v'])) run('apt-get', ['install', '-y', '-q', 'unzip']);
  const staging = `${paths.home}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  run('unzip', ['-q', zip, '-d', staging]);
  // The zip holds one top-level folder; move it into place only when complete, so a crash mid-unzip retries.
  const [inner] = readdirSync(staging);
  if (!inner) throw new Error(`empty Elasticsearch archive ${zip}`);
  run('mv', [path.join(staging, inner), paths.home]);
  rmSync(staging, { recursive: true, force: true });
}

function installPlugin(config: ServicesConfig, paths: Paths, jdkHome: string): void {
  const hash = pluginSourceHash(config);
  const installed = existsSync(paths.installedPluginHash)
    ? readFileSync(paths.installedPluginHash, 'utf8')
    : '';
  const pluginsDir = path.join(paths.home, 'plugins', PLUGIN_NAME);
  if (installed === hash && existsSync(pluginsDir)) return;
  const tool = path.join(paths.home, 'bin', 'elasticsearch-plugin');
  const env = { ...process.env, ES_JAVA_HOME: jdkHome };
  if (existsSync(pluginsDir)) run(tool, ['remove', PLUGIN_NAME], { env });
  run(tool, ['install', '--batch', `file://${pluginZip(config)}`], { env });
  writeFileSync(paths.installedPluginHash, hash);
  console.log(`elasticsearch: installed the ${PLUGIN_NAME} plugin`);
}

const isRoot = () => process.getuid?.() === 0;

/** Elasticsearch refuses to run as root: on a root shell it runs as a dedicated system user. */
function createServiceUser(config: ServicesConfig): void {
  if (isRoot() && !succeeds('id', ['-u', config.ES_USER])) {
    run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', config.ES_USER]);
  }
}

function ensureServiceUser(config: ServicesConfig, paths: Paths): void {
  if (!isRoot()) return;
  createServiceUser(config);
  run('chown', ['-R', `${config.ES_USER}:`, paths.root]);
  const probe = path.join(paths.home, 'bin', 'elasticsearch');
  if (!succeeds('runuser', ['-u', config.ES_USER, '--', 'test', '-x', probe])) {
    throw new Error(
      `user ${config.ES_USER} cannot reach ${probe}: give its parent folders o+x or set SERVICES_CACHE_DIR ` +
        'to a folder it can reach',
    );
  }
}

async function stopManagedNode(paths: Paths): Promise<boolean> {
  const pid = readPid(paths.pidFile);
  if (!pid || !isProcessAlive(pid)) return false;
  process.kill(pid, 'SIGTERM');
  await waitFor('Elasticsearch to stop', async () => (isProcessAlive(pid) ? undefined : true), 60_000);
  return true;
}

async function startNode(config: ServicesConfig, paths: Paths, jdkHome: string): Promise<void> {
  mkdirSync(paths.data, { recursive: true });
  mkdirSync(paths.logs, { recursive: true });
  ensureServiceUser(config, paths);
  const url = new URL(config.ELASTICSEARCH_URL);
  const esArgs = [
    '-p',
    paths.pidFile,
    '-E',
    'discovery.type=single-node',
    '-E',
    'xpack.security.enabled=false',
    '-E',
    `network.host=${url.hostname}`,
    '-E',
    `http.port=${url.port || '9200'}`,
    '-E',
    'cluster.name=marketplace',
    '-E',
    `path.data=${paths.data}`,
    '-E',
    `path.logs=${paths.logs}`,
    // Tests delete their own indices by pattern; a nearly full disk must not flip indices to read-only.
    '-E',
    'action.destructive_requires_name=false',
    '-E',
    'cluster.routing.allocation.disk.threshold_enabled=false',
  ];
  const env = {
    ...process.env,
    ES_JAVA_HOME: jdkHome,
    ES_JAVA_OPTS: `-Xms${config.ES_HEAP} -Xmx${config.ES_HEAP}`,
  };
  const bin = path.join(paths.home, 'bin', 'elasticsearch');
  const log = openSync(paths.launchLog, 'a');
  if (isRoot()) {
    startDetached('runuser', ['-u', config.ES_USER, '--', bin, ...esArgs], log, { env });
  } else {
    startDetached(bin, esArgs, log, { env });
  }
  console.log(
    `elasticsearch: starting ${ELASTICSEARCH_VERSION} on ${config.ELASTICSEARCH_URL} (JDK ${jdkHome})`,
  );
  await waitFor(
    'Elasticsearch to report yellow or green',
    async () => {
      const health = await clusterHealth(config);
      return health === 'yellow' || health === 'green' ? health : undefined;
    },
    180_000,
  ).catch((error: Error) => {
    const tail = existsSync(paths.launchLog) ? readFileSync(paths.launchLog, 'utf8').slice(-3000) : '';
    throw new Error(`${error.message}\n--- ${paths.launchLog} (tail) ---\n${tail}`);
  });
}

/**
 * Brings Elasticsearch up when nothing answers on the configured URL: the official minimal distribution
 * from Maven Central, our analysis plugin built and installed, run as an unprivileged user. When the node
 * is ours and the plugin's sources changed, it is rebuilt, reinstalled and the node restarted.
 */
export async function ensureElasticsearch(config: ServicesConfig): Promise<string> {
  // The user exists before paths are chosen: whether it can reach the repository decides where the node lives.
  createServiceUser(config);
  const paths = esPaths(config);
  const answering = (await clusterHealth(config)) !== undefined;
  const managedPid = readPid(paths.pidFile);
  const managed = managedPid !== undefined && isProcessAlive(managedPid);
  if (answering && !managed) return 'already running (not managed by these scripts)';

  const jdkHome = findJdk(MIN_ES_JAVA_VERSION);
  const built = ensurePluginBuilt(config, jdkHome);
  const pluginCurrent =
    existsSync(paths.installedPluginHash) &&
    readFileSync(paths.installedPluginHash, 'utf8') === pluginSourceHash(config);
  if (answering && pluginCurrent) return 'running';

  if (answering) {
    console.log('elasticsearch: analysis plugin changed, restarting the node');
    await stopManagedNode(paths);
    await sleep(500);
  }
  ensureDistribution(config, paths);
  installPlugin(config, paths, jdkHome);
  await startNode(config, paths, jdkHome);
  return built ? 'started (plugin rebuilt)' : 'started';
}

export async function stopElasticsearch(config: ServicesConfig): Promise<boolean> {
  return stopManagedNode(esPaths(config));
}
