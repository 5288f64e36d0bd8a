/**
 * Processes started by `services up`: each is recorded in `<dataDir>/run/<name>.pid`, so
 * `services down` stops exactly that and never a server someone else runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Log, sleep } from './probes';

export interface ServiceStatus {
  url: string;
  reachable: boolean;
  /** Started by `services up` and its process is still alive. */
  managed: boolean;
  pid?: number;
}

const STOP_TIMEOUT_MS = 60_000;
const PROGRESS_EVERY_MS = 5_000;

export interface ServiceDef {
  name: 'neo4j' | 'redis' | 'meilisearch';
  /** Found in /proc/<pid>/cmdline of our process; guards against a recycled pid. */
  marker: string;
}

export function runDir(config: Config): string {
  return path.join(config.dataDir, 'run');
}
export function pidFile(config: Config, def: ServiceDef): string {
  return path.join(runDir(config), `${def.name}.pid`);
}
export function logFile(config: Config, def: ServiceDef): string {
  return path.join(config.dataDir, 'logs', `${def.name}.log`);
}

/** Starts `command` detached in a process group of its own (it survives the CLI and its Ctrl-C) and records its pid. */
export function spawnDetached(config: Config, def: ServiceDef, command: string, args: string[], env: Record<string, string> = {}): number {
  fs.mkdirSync(runDir(config), { recursive: true });
  fs.mkdirSync(path.dirname(logFile(config, def)), { recursive: true });
  const out = fs.openSync(logFile(config, def), 'a');
  try {
    const child = spawn(command, args, { cwd: config.dataDir, detached: true, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
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
export async function waitFor(
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
export function logTail(config: Config, def: ServiceDef, log: Log): string {
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
export async function stopManaged(config: Config, def: ServiceDef, log: Log): Promise<boolean> {
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

/** SIGTERM (Neo4j, Redis and Meilisearch shut down cleanly on it), SIGKILL only after a long grace period. */
export async function stopPid(pid: number, def: ServiceDef, log: Log): Promise<void> {
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

export function status(config: Config, def: ServiceDef, url: string, reachable: boolean): ServiceStatus {
  const pid = livePid(config, def);
  return pid === undefined ? { url, reachable, managed: false } : { url, reachable, managed: true, pid };
}

export function livePid(config: Config, def: ServiceDef): number | undefined {
  const pid = readPid(config, def);
  return pid !== undefined && isOurs(pid, def) ? pid : undefined;
}

export function readPid(config: Config, def: ServiceDef): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile(config, def), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function removePidFile(config: Config, def: ServiceDef): void {
  fs.rmSync(pidFile(config, def), { force: true });
}

/** Alive and still our program: after a reboot the pid may belong to something else. */
export function isOurs(pid: number, def: ServiceDef): boolean {
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

export function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

export function requireCommand(command: string, versionArgs: string[], hint: string): void {
  const res = spawnSync(command, versionArgs, { stdio: 'ignore' });
  if (res.error) throw new Error(`${command} not found: ${hint}`);
}
