/**
 * `graph-api services up|down|status`: make sure Neo4j and Redis answer at the configured
 * URLs, starting local ones (tools/neo4j-local, the system redis-server) only when nothing
 * answers on a loopback address. Whatever we start is recorded in `<dataDir>/run/*.pid`, so
 * `services down` stops exactly that and never a server someone else runs.
 */
import type { Config } from '../config';
import { ensureNeo4j, NEO4J, neo4jReachable } from './neo4jProcess';
import { type Log, redact } from './probes';
import { type ServiceStatus, status, stopManaged } from './processes';
import { ensureRedis, REDIS, redisReachable } from './redisProcess';

export type { ServiceStatus } from './processes';

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
