/** Configuration checks that stop a bad deployment at start-up (pure: loadConfig over a given environment). */
import { ConfigError, DEV_JWT_SECRET, loadConfig } from '../../src/config';

const production = { NODE_ENV: 'production', AUTH_CLIENTS: '/dev/null', JWT_SECRET: 'a-production-secret-of-32-characters!' };

test('production refuses the development signing secret, which anyone with the source has', () => {
  expect(loadConfig(production).jwt.secret).toBe(production.JWT_SECRET);
  expect(DEV_JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  expect(() => loadConfig({ ...production, JWT_SECRET: DEV_JWT_SECRET })).toThrow(new ConfigError('JWT_SECRET must not be the development secret in production'));
  expect(() => loadConfig({ ...production, JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
});

test('integer settings are decimal digits: hex, exponents and padding are refused by name', () => {
  expect(loadConfig({ PORT: '8081' }).port).toBe(8081);
  for (const raw of ['0x50', '1e3', ' 80', '80 ', '8.0', '+80']) {
    expect(() => loadConfig({ PORT: raw })).toThrow(new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`));
  }
  expect(() => loadConfig({ TOKEN_RATE_LIMIT_REQUESTS: '-1' })).toThrow(/^TOKEN_RATE_LIMIT_REQUESTS must be an integer from 0 to 1000000/);
  expect(loadConfig({ TOKEN_RATE_LIMIT_REQUESTS: '0' }).tokenRateLimit.requests).toBe(0);
});

test('TRUST_PROXY: off by default; true, hops, or addresses, subnets and names; anything else is refused by name', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).trustProxy).toBe('loopback, 10.0.0.0/8, fd00::/8');
  for (const raw of ['yes', '10.0.0.0/8/1', 'proxy.example.com']) {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/^TRUST_PROXY must be true, false, a number of hops/);
  }
});

test('MONITOR_CRON: daily by default, off, or a 5- or 6-field pattern; anything else stops start-up naming it', () => {
  expect(loadConfig({}).monitorCron).toBe('0 3 * * *');
  expect(loadConfig({ MONITOR_CRON: 'off' }).monitorCron).toBeUndefined();
  expect(loadConfig({ MONITOR_CRON: ' 30  2 * * 1 ' }).monitorCron).toBe('30 2 * * 1');
  expect(loadConfig({ MONITOR_CRON: '*/1 * * * * *' }).monitorCron).toBe('*/1 * * * * *');
  for (const raw of ['banana', '0 3 * *', '61 * * * *', '0 0 30 2 *', '0 3 * * * * *', 'daily']) {
    expect(() => loadConfig({ MONITOR_CRON: raw })).toThrow(/^MONITOR_CRON must be "off" or a cron pattern/);
  }
});

test('REDIS_CLUSTER_NODES: unset is one Redis; host:port pairs make a cluster on database 0; anything else is refused by name', () => {
  expect(loadConfig({}).redisClusterNodes).toBeUndefined();
  expect(loadConfig({ REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-2:7001,[::1]:7002' }).redisClusterNodes)
    .toEqual([{ host: '10.0.0.1', port: 7000 }, { host: 'redis-2', port: 7001 }, { host: '::1', port: 7002 }]);
  expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-1' })).toThrow(/REDIS_CLUSTER_NODES must be host:port/);
  expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:99999' })).toThrow(/REDIS_CLUSTER_NODES/);
  expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-1:7000', REDIS_URL: 'redis://redis-1:7000/3' })).toThrow(/database 3.*only database 0/);
});

test('SEARCH_BACKEND: neo4j by default, meilisearch with MEILI_URL or by name (then the local server and its key file); anything else refused', () => {
  expect(loadConfig({})).toMatchObject({ searchBackend: 'neo4j', meili: undefined });
  expect(loadConfig({ MEILI_URL: 'http://meili:7700', MEILI_KEY: 'k' })).toMatchObject({ searchBackend: 'meilisearch', meili: { url: 'http://meili:7700', key: 'k' } });
  expect(loadConfig({ MEILI_URL: 'http://meili:7700', SEARCH_BACKEND: 'neo4j' }).meili).toBeUndefined();
  const local = loadConfig({ SEARCH_BACKEND: 'meilisearch', MEILI_LOCAL_PORT: '7799', GRAPH_API_DATA_DIR: '/srv/graph' }).meili;
  expect(local).toEqual({ url: 'http://127.0.0.1:7799', key: undefined, local: { port: 7799, keyFile: '/srv/graph/meilisearch/master.key', binary: undefined } });
  expect(() => loadConfig({ SEARCH_BACKEND: 'elastic' })).toThrow(new ConfigError('SEARCH_BACKEND must be one of meilisearch, neo4j; got "elastic"'));
});
