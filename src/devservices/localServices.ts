/**
 * `graph-api services up|down|status`: make sure Neo4j and Redis (and, for the meilisearch
 * search backend, Meilisearch) answer at the configured URLs, starting local ones
 * (tools/neo4j-local, the system redis-server, the packaged Meilisearch) only when nothing
 * answers on a loopback address. Whatever we start is recorded in `<dataDir>/run/*.pid`, so
 * `services down` stops exactly that and never a server someone else runs.
 */
import type { Config } from '../config';
import { ensureMeili, MEILI, meiliHealthy } from './meiliProcess';
import { browserReachable, browserUrl, ensureNeo4j, NEO4J, neo4jReachable } from './neo4jProcess';
import { type Log, redact } from './probes';
import { type ServiceStatus, status, stopManaged } from './processes';
import { ensureRedis, REDIS, redisReachable } from './redisProcess';

export type { ServiceStatus } from './processes';

export async function servicesUp(config: Config, log: Log): Promise<void> {
  await ensureNeo4j(config, log);
  await ensureRedis(config, log);
  await ensureMeili(config, log);
}

export async function servicesDown(config: Config, log: Log): Promise<void> {
  let stopped = 0;
  for (const def of [NEO4J, REDIS, MEILI]) {
    if (await stopManaged(config, def, log)) stopped++;
  }
  if (stopped === 0) log('nothing was running (no services started by `services up`)');
}

export interface ServicesStatus {
  neo4j: ServiceStatus;
  redis: ServiceStatus;
  /** Only for the meilisearch search backend. */
  meilisearch?: ServiceStatus;
  /** The local Neo4j's Browser: only for a Neo4j `services up` started with one configured. */
  browser?: { url: string; reachable: boolean };
}

export async function servicesStatus(config: Config): Promise<ServicesStatus> {
  const [neo4jUp, redisUp] = await Promise.all([neo4jReachable(config), redisReachable(config.redisUrl)]);
  const neo4j = status(config, NEO4J, config.neo4j.uri, neo4jUp);
  const url = browserUrl(config);
  return {
    neo4j,
    redis: status(config, REDIS, redact(config.redisUrl), redisUp),
    ...(config.meili ? { meilisearch: status(config, MEILI, config.meili.url, await meiliHealthy(config.meili.url)) } : {}),
    ...(neo4j.managed && url !== undefined ? { browser: { url, reachable: await browserReachable(config) } } : {}),
  };
}

/** One line per service, for `services status`; the Browser's line last, when there is one. */
export function formatStatus(s: ServicesStatus): string {
  const line = (name: string, url: string, reachable: boolean, note: string) =>
    `${name.padEnd(11)} ${url.padEnd(28)} ${(reachable ? 'reachable' : 'UNREACHABLE').padEnd(12)} ${note}`;
  const lines = (['neo4j', 'redis', 'meilisearch'] as const).flatMap((name) => {
    const st = s[name];
    if (!st) return [];
    return line(name, st.url, st.reachable, st.managed ? `started by services up (pid ${st.pid})` : 'not managed by services up');
  });
  if (s.browser) lines.push(line('browser', s.browser.url, s.browser.reachable, 'Neo4j Browser of the local Neo4j (loopback only)'));
  return lines.join('\n');
}
