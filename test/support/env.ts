/**
 * The test environment: its own Neo4j (port 7688, data under .data/test), Meilisearch (port
 * 7710) and Redis database 15, so `npm test` never touches the data of a running `npm start`. TEST_NEO4J_URI /
 * TEST_REDIS_URL point the tests at other servers (they will be wiped).
 */
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config';

export const REPO = path.resolve(__dirname, '..', '..', '..');

export function testEnv(): Record<string, string | undefined> {
  const clusterNodes = process.env.TEST_REDIS_CLUSTER_NODES || undefined;
  return {
    ...process.env,
    NODE_ENV: 'test',
    NEO4J_URI: process.env.TEST_NEO4J_URI ?? 'bolt://127.0.0.1:7688',
    // The suites that also run on a Redis Cluster (test/support/redisCluster.ts) set its nodes.
    REDIS_URL: clusterNodes ? `redis://${clusterNodes.split(',')[0]}` : process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15',
    REDIS_CLUSTER_NODES: clusterNodes ?? '',
    GRAPH_API_DATA_DIR: process.env.TEST_DATA_DIR ?? path.join(REPO, '.data', 'test'),
    // Suites choose their search backend (startHarness's `backend`); the test Meilisearch, started
    // by the global setup under the test data directory, listens on TEST_MEILI_PORT.
    SEARCH_BACKEND: 'neo4j',
    MEILI_LOCAL_PORT: process.env.TEST_MEILI_PORT ?? '7710',
    SERVICE_DOMAIN: 'api.test.local',
    JWT_SECRET: 'test-secret-with-at-least-thirty-two-characters',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    PORT: '0',
    // Workers of the tests re-score when a test asks; monitoring.test.ts turns the schedule on.
    MONITOR_CRON: 'off',
    // A killed worker's job is taken over in about 15 s rather than 45 (the crash tests wait for it).
    WORKER_LOCK_MS: '10000',
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ ...testEnv(), ...overrides });
}
