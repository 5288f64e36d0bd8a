/**
 * `graph-api services up|down|status`: make sure Neo4j and Redis answer at the configured
 * URLs, starting local ones (tools/neo4j-local, the system redis-server) only when nothing
 * answers on a loopback address. Whatever we start is recorded in `<dataDir>/run/*.pid`, so
 * `services down` stops exactly that and never a server someone else runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import Redis from 'ioredis';
import type { Config } from '../config';

export interface ServiceStatus {
  url: string;
  reachable: boolean;
  /** Started by `services up` and its process is still alive. */
  managed: boolean;
  pid?: number;
}

type Log = (msg: string) => void;

/** Probes stay short: a dead port or an unroutable host must not stall the CLI or tests. */
const PROBE_TIMEOUT_MS = 1000;
const NEO4J_START_TIMEOUT_MS = 120_000;
const REDIS_START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 60_000;
const PROGRESS_EVERY_MS = 5_000;

interface ServiceDef {
  name: 'neo4j' | 'redis';
  /** Found in /proc/<pid>/cmdline of our process; guards against a recycled pid. */
  marker: string;
}
const NEO4J: ServiceDef = { name: 'neo4j', marker: 'local.neo4j.Neo4jLocal' };
const REDIS: ServiceDef = { name: 'redis', marker: 'redis-server' };

// ---------------------------------------------------------------- public API

export async function servicesUp(config: Config, log: Log): Promise<void> {
  await ensureNeo4j(config, log);
  await ensureRedis(config, log);
}

export async function servicesDown(config: Config, log: Log): Promise<void> {
  let stopped = 0;
  for (const def of [NEO4J, REDIS]) {
    if (await stopManaged(config, def, log)) stopped++;
  }
  if (stopped === 0) log('nothing was running (no services started by `services up`)');
}

export async function servicesStatus(config: Config): Promise<{ neo4j: ServiceStatus; redis: ServiceStatus }> {
  const [neo4jUp, redisUp] = await Promise.all([neo4jReachable(config), redisReachable(config.redisUrl)]);
  return {
    neo4j: status(config, NEO4J, config.neo4j.uri, neo4jUp),
    redis: status(config, REDIS, redact(config.redisUrl), redisUp),
  };
}

/** One line per service, for `services status`. */
export function formatStatus(s: { neo4j: ServiceStatus; redis: ServiceStatus }): string {
  return (['neo4j', 'redis'] as const)
    .map((name) => {
      const st = s[name];
      const owner = st.managed ? `started by services up (pid ${st.pid})` : 'not managed by services up';
      return `${name.padEnd(6)} ${st.url.padEnd(28)} ${(st.reachable ? 'reachable' : 'UNREACHABLE').padEnd(12)} ${owner}`;
    })
    .join('\n');
}

// ---------------------------------------------------------------- Neo4j

async function ensureNeo4j(config: Config, log: Log): Promise<void> {
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

async function neo4jReachable(config: Config): Promise<boolean> {
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
function neo4jLocalDir(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'tools', 'neo4j-local');
    if (fs.existsSync(path.join(candidate, 'pom.xml'))) return candidate;
  }
  throw new Error(`tools/neo4j-local not found above ${__dirname}`);
}

function buildNeo4jLocal(tools: string, log: Log): void {
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
  ];
  const pid = spawnDetached(config, NEO4J, 'java', args);
  log(`neo4j: started local Neo4j (pid ${pid}, heap ${heap} MiB, page cache ${config.localNeo4j.pageCacheMiB} MiB, relationship grouping threshold ${config.localNeo4j.groupingThreshold}), log ${logFile(config, NEO4J)}`);
  return pid;
}

async function waitForNeo4j(config: Config, pid: number, log: Log, startedNow: boolean): Promise<void> {
  await waitFor(config, NEO4J, pid, NEO4J_START_TIMEOUT_MS, () => neo4jReady(config), log, startedNow);
  log(`neo4j: ready at ${config.neo4j.uri}`);
}

// ---------------------------------------------------------------- Redis

async function ensureRedis(config: Config, log: Log): Promise<void> {
  const shown = redact(config.redisUrl);
  const { host, port } = endpoint(config.redisUrl, 6379);
  const pid = livePid(config, REDIS);
  if (pid !== undefined) {
    log(`redis: running as pid ${pid} (started by services up)`);
    await waitForRedis(config, pid, log, false);
    return;
  }
  if (await tcpOpen(host, port)) {
    try {
      await pingRedis(config.redisUrl);
    } catch (err) {
      throw new Error(`something listens at ${shown} but does not answer Redis PING: ${message(err)}`);
    }
    log(`redis: using the server at ${shown}`);
    return;
  }
  if (!isLoopback(host)) {
    throw new Error(`Redis at ${shown} does not answer, and ${host} is not a loopback address; start it or set REDIS_URL`);
  }
  requireCommand('redis-server', ['--version'], `nothing answers at ${shown}: install redis-server or set REDIS_URL`);
  const dir = path.join(config.dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const bind = host === '::1' ? '::1' : '127.0.0.1';
  // No persistence: this Redis holds queues and feeds for development and tests only.
  const args = ['--port', String(port), '--bind', bind, '--daemonize', 'no', '--save', '', '--appendonly', 'no', '--dir', dir];
  const started = spawnDetached(config, REDIS, 'redis-server', args);
  log(`redis: started redis-server (pid ${started}) on ${bind}:${port}, log ${logFile(config, REDIS)}`);
  await waitForRedis(config, started, log, true);
}

async function waitForRedis(config: Config, pid: number, log: Log, startedNow: boolean): Promise<void> {
  await waitFor(config, REDIS, pid, REDIS_START_TIMEOUT_MS, () => redisReachable(config.redisUrl), log, startedNow);
  log(`redis: ready at ${redact(config.redisUrl)}`);
}

async function pingRedis(url: string): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null, // one attempt: this is a probe, not a long-lived client
    enableOfflineQueue: false,
    disconnectTimeout: 100, // the 2 s default timer would keep a short-lived CLI alive after a refused probe
  });
  client.on('error', () => undefined); // failures surface through connect()/ping() below
  try {
    await client.connect();
    const reply = await client.ping();
    if (reply !== 'PONG') throw new Error(`unexpected PING reply ${reply}`);
  } finally {
    client.disconnect();
  }
}

function redisReachable(url: string): Promise<boolean> {
  return pingRedis(url).then(
    () => true,
    () => false,
  );
}

// ---------------------------------------------------------------- processes and pid files

function runDir(config: Config): string {
  return path.join(config.dataDir, 'run');
}
function pidFile(config: Config, def: ServiceDef): string {
  return path.join(runDir(config), `${def.name}.pid`);
}
function logFile(config: Config, def: ServiceDef): string {
  return path.join(config.dataDir, 'logs', `${def.name}.log`);
}

/** Starts `command` in its own session (survives the CLI, not killed by its Ctrl-C) and records its pid. */
function spawnDetached(config: Config, def: ServiceDef, command: string, args: string[]): number {
  fs.mkdirSync(runDir(config), { recursive: true });
  fs.mkdirSync(path.dirname(logFile(config, def)), { recursive: true });
  const out = fs.openSync(logFile(config, def), 'a');
  try {
    const child = spawn(command, args, { cwd: config.dataDir, detached: true, stdio: ['ignore', out, out] });
    if (child.pid === undefined) throw new Error(`could not start ${command}`);
    child.on('error', () => undefined); // exit is detected by polling the pid
    child.unref();
    fs.writeFileSync(pidFile(config, def), `${child.pid}\n`);
    return child.pid;
  } finally {
    fs.closeSync(out);
  }
}

/** Polls `ready` until it holds; fails fast with the log tail if the process dies. */
async function waitFor(
  config: Config,
  def: ServiceDef,
  pid: number,
  timeoutMs: number,
  ready: () => Promise<boolean>,
  log: Log,
  startedNow: boolean,
): Promise<void> {
  const start = Date.now();
  let nextProgress = start + PROGRESS_EVERY_MS;
  for (;;) {
    if (await ready()) return;
    if (!isOurs(pid, def)) {
      removePidFile(config, def);
      throw new Error(`${def.name} (pid ${pid}) exited during start-up; ${logTail(config, def, log)}`);
    }
    if (Date.now() - start > timeoutMs) {
      // Stop only what this call started; an older one is left for `services down`.
      if (startedNow) {
        await stopPid(pid, def, log);
        removePidFile(config, def);
      }
      const what = startedNow ? 'and was stopped' : `(pid ${pid} still running; \`services down\` stops it)`;
      throw new Error(`${def.name} did not become ready within ${timeoutMs / 1000} s ${what}; ${logTail(config, def, log)}`);
    }
    if (Date.now() >= nextProgress) {
      log(`${def.name}: waiting for start-up (${Math.round((Date.now() - start) / 1000)} s)`);
      nextProgress += PROGRESS_EVERY_MS;
    }
    await sleep(1000);
  }
}

/** Prints the last lines of the service log and returns where the full log is. */
function logTail(config: Config, def: ServiceDef, log: Log): string {
  const file = logFile(config, def);
  try {
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-40);
    log(`--- last lines of ${file} ---\n${lines.join('\n')}\n---`);
  } catch {
    /* no log yet: the message below still points at where it would be */
  }
  return `see ${file}`;
}

/** Stops the process named by the pid file; returns whether there was anything to report. */
async function stopManaged(config: Config, def: ServiceDef, log: Log): Promise<boolean> {
  const pid = readPid(config, def);
  if (pid === undefined) return false;
  if (!isOurs(pid, def)) {
    removePidFile(config, def);
    log(`${def.name}: pid ${pid} from ${pidFile(config, def)} is not running; removed the stale pid file`);
    return false;
  }
  log(`${def.name}: stopping pid ${pid}`);
  await stopPid(pid, def, log);
  removePidFile(config, def);
  log(`${def.name}: stopped (pid ${pid})`);
  return true;
}

/** SIGTERM (Neo4j and Redis both shut down cleanly on it), SIGKILL only after a long grace period. */
async function stopPid(pid: number, def: ServiceDef, log: Log): Promise<void> {
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isOurs(pid, def)) {
    if (Date.now() > deadline) {
      log(`${def.name}: pid ${pid} ignored SIGTERM for ${STOP_TIMEOUT_MS / 1000} s; sending SIGKILL`);
      signal(pid, 'SIGKILL');
      await sleep(500);
      return;
    }
    await sleep(250);
  }
}

function status(config: Config, def: ServiceDef, url: string, reachable: boolean): ServiceStatus {
  const pid = livePid(config, def);
  return pid === undefined ? { url, reachable, managed: false } : { url, reachable, managed: true, pid };
}

function livePid(config: Config, def: ServiceDef): number | undefined {
  const pid = readPid(config, def);
  return pid !== undefined && isOurs(pid, def) ? pid : undefined;
}

function readPid(config: Config, def: ServiceDef): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile(config, def), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function removePidFile(config: Config, def: ServiceDef): void {
  fs.rmSync(pidFile(config, def), { force: true });
}

/** Alive and still our program: after a reboot the pid may belong to something else. */
function isOurs(pid: number, def: ServiceDef): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // Zombies have an empty cmdline, so they count as gone too.
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(def.marker);
  } catch {
    return !fs.existsSync('/proc'); // no procfs (macOS): trust the pid
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

function requireCommand(command: string, versionArgs: string[], hint: string): void {
  const res = spawnSync(command, versionArgs, { stdio: 'ignore' });
  if (res.error) throw new Error(`${command} not found: ${hint}`);
}

// ---------------------------------------------------------------- small helpers

function endpoint(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: parsed.port ? Number(parsed.port) : defaultPort };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function tcpOpen(host: string, port: number, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Hides a password in a Redis URL before it is printed. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString().replace(/\/$/, '');
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : [full];
  });
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
