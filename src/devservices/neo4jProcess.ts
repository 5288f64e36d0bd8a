/** The Neo4j of `services up`: the configured server when it answers, else tools/neo4j-local started here. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import type { Config } from '../config';
import { endpoint, isLoopback, type Log, message, PROBE_TIMEOUT_MS, tcpOpen } from './probes';
import { logFile, livePid, requireCommand, type ServiceDef, spawnDetached, waitFor } from './processes';

const NEO4J_START_TIMEOUT_MS = 120_000;

export const NEO4J: ServiceDef = { name: 'neo4j', marker: 'local.neo4j.Neo4jLocal' };

export async function ensureNeo4j(config: Config, log: Log): Promise<void> {
  const uri = config.neo4j.uri;
  const { host, port } = endpoint(uri, 7687);
  const pid = livePid(config, NEO4J);
  if (pid !== undefined) {
    // Ours, possibly still starting (a previous `up` was interrupted): wait, don't start a second one.
    log(`neo4j: running as pid ${pid} (started by services up)`);
    await waitForNeo4j(config, pid, log, false);
    return;
  }
  if (await tcpOpen(host, port)) {
    await verifyNeo4j(config); // a port taken by something else must fail loudly, not be "used"
    log(`neo4j: using the server at ${uri}`);
    return;
  }
  if (!isLoopback(host)) {
    throw new Error(
      `Neo4j at ${uri} does not answer, and ${host} is not a loopback address, so no local server is started; ` +
        'start that server or point NEO4J_URI at a reachable one',
    );
  }
  const tools = neo4jLocalDir();
  buildNeo4jLocal(tools, log);
  const started = startNeo4j(config, tools, port, log);
  await waitForNeo4j(config, started, log, true);
}

/** Throws a readable error when the Bolt endpoint rejects us (wrong credentials, not Neo4j...). */
async function verifyNeo4j(config: Config): Promise<void> {
  const driver = neo4jDriver(config);
  try {
    await driver.verifyConnectivity({ database: config.neo4j.database });
  } catch (err) {
    throw new Error(`something listens at ${config.neo4j.uri} but Bolt verification failed: ${message(err)}`);
  } finally {
    await driver.close();
  }
}

export async function neo4jReachable(config: Config): Promise<boolean> {
  const { host, port } = endpoint(config.neo4j.uri, 7687);
  if (!(await tcpOpen(host, port))) return false;
  return verifyNeo4j(config).then(
    () => true,
    () => false,
  );
}

/** Ready = the default (or configured) database answers a query, not just the Bolt socket. */
async function neo4jReady(config: Config): Promise<boolean> {
  if (!(await neo4jReachable(config))) return false;
  const driver = neo4jDriver(config);
  try {
    await driver.executeQuery('RETURN 1', {}, { database: config.neo4j.database });
    return true;
  } catch {
    return false;
  } finally {
    await driver.close();
  }
}

function neo4jDriver(config: Config) {
  return neo4j.driver(config.neo4j.uri, neo4j.auth.basic(config.neo4j.user, config.neo4j.password), {
    connectionTimeout: 5000,
    connectionAcquisitionTimeout: 10_000,
    maxConnectionPoolSize: 1,
    maxTransactionRetryTime: 0,
  });
}

/** tools/neo4j-local, found by walking up from this file (src/... or dist/src/...). */
export function neo4jLocalDir(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'tools', 'neo4j-local');
    if (fs.existsSync(path.join(candidate, 'pom.xml'))) return candidate;
  }
  throw new Error(`tools/neo4j-local not found above ${__dirname}`);
}

export function buildNeo4jLocal(tools: string, log: Log): void {
  const classpathFile = path.join(tools, 'target', 'classpath.txt');
  const mainClass = path.join(tools, 'target', 'classes', 'local', 'neo4j', 'Neo4jLocal.class');
  const built = fs.existsSync(classpathFile) && fs.existsSync(mainClass) ? fs.statSync(classpathFile).mtimeMs : 0;
  const sources = [path.join(tools, 'pom.xml'), ...listFiles(path.join(tools, 'src', 'main', 'java'))];
  if (built > 0 && sources.every((f) => fs.statSync(f).mtimeMs <= built)) return;

  log('neo4j: building tools/neo4j-local (mvn -B -q package -DskipTests; the first run downloads Neo4j)');
  const res = spawnSync('mvn', ['-B', '-q', 'package', '-DskipTests'], { cwd: tools, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (res.error) {
    throw new Error(`cannot run mvn (${message(res.error)}); install Maven and a JDK 17+ to start a local Neo4j`);
  }
  if (res.status !== 0) {
    const output = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim();
    log(output);
    throw new Error(`building tools/neo4j-local failed (mvn exit ${res.status}); output above`);
  }
  // build-classpath leaves classpath.txt untouched when its content is unchanged; touch it
  // so the next run sees the build as newer than the sources.
  const now = new Date();
  fs.utimesSync(classpathFile, now, now);
}

function startNeo4j(config: Config, tools: string, port: number, log: Log): number {
  requireCommand('java', ['-version'], 'install a JDK 17+ (e.g. openjdk-17-jdk-headless) to start a local Neo4j');
  const classpath = fs.readFileSync(path.join(tools, 'target', 'classpath.txt'), 'utf8').trim();
  const heap = config.localNeo4j.heapMiB;
  const args = [
    `-Xms${heap}m`,
    `-Xmx${heap}m`,
    '-XX:+UseG1GC',
    '-cp',
    [path.join(tools, 'target', 'classes'), classpath].join(path.delimiter),
    'local.neo4j.Neo4jLocal',
    path.join(config.dataDir, 'neo4j'),
    String(port),
    String(config.localNeo4j.pageCacheMiB),
    String(config.localNeo4j.groupingThreshold),
    String(config.localNeo4j.browserPort ?? 0),
    guideUrl(config) ?? '',
  ];
  const pid = spawnDetached(config, NEO4J, 'java', args);
  log(`neo4j: started local Neo4j (pid ${pid}, heap ${heap} MiB, page cache ${config.localNeo4j.pageCacheMiB} MiB, relationship grouping threshold ${config.localNeo4j.groupingThreshold}), log ${logFile(config, NEO4J)}`);
  return pid;
}

/** Where the local Neo4j's Browser answers (loopback only), when it has one. */
export function browserUrl(config: Config): string | undefined {
  const port = config.localNeo4j.browserPort;
  return port === undefined ? undefined : `http://127.0.0.1:${port}/browser/`;
}

/**
 * The graph-model guide on this API (GET /guides/graph-model.html), which the Browser plays
 * once connected; undefined when the API has no fixed port to name.
 */
export function guideUrl(config: Config): string | undefined {
  if (config.port === 0) return undefined;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/guides/graph-model.html`;
}

/** The Browser page answers: probed only for a Neo4j `services up` started. */
export async function browserReachable(config: Config): Promise<boolean> {
  const url = browserUrl(config);
  if (url === undefined) return false;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS * 3) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

async function waitForNeo4j(config: Config, pid: number, log: Log, startedNow: boolean): Promise<void> {
  await waitFor(config, NEO4J, pid, NEO4J_START_TIMEOUT_MS, () => neo4jReady(config), log, startedNow);
  log(`neo4j: ready at ${config.neo4j.uri}`);
  const browser = browserUrl(config);
  if (browser === undefined) return;
  if (await browserReachable(config)) log(`neo4j: Browser at ${browser} (connect to ${config.neo4j.uri}, no authentication)`);
  // A server started without it (before NEO4J_LOCAL_BROWSER_PORT was set) keeps running as it is.
  else log(`neo4j: no Browser answers at ${browser}; \`services down\` then \`services up\` restarts Neo4j with it`);
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : [full];
  });
}
