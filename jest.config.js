/**
 * Two runs of one suite. `npm test` is the fast set: every unit test and one integration pass
 * per capability, in a few minutes. `npm run test:all` (FULL=1) is everything: the suites
 * below as well, and every case of the suites that sample theirs (test/support/full.ts). CI
 * runs test:all. A file passed to jest by name is still left out without FULL=1:
 * `FULL=1 npx jest --runInBand dist/test/integration/explorerFirefox.test.js`.
 */
const fs = require('node:fs');
const path = require('node:path');

const FULL = process.env.FULL === '1';

/** Suites only `npm run test:all` runs: a capability `npm test` covers elsewhere, run longer or again. */
const ONLY_IN_FULL = [
  // Random graphs compared with a reference implementation, and grids of statements.
  'integration/traversal', // random queries on random graphs; traversalRoutes runs the fixed cases
  'integration/effectiveOwnership', // random ownership graphs; ownershipBlocks and traversalRoutes run /ubo
  'integration/asOf', // random dated graphs
  'integration/supplyChainRandom', // 300 random upstream queries on random trade networks; supplyChain runs a few
  'integration/riskClosure', // random graphs through the re-scoring reads
  'integration/traversalStatements', // EXPLAIN of a sample of the statement grid
  'integration/cypherStatements', // EXPLAIN of every named statement
  'integration/namePairs', // the labelled name pairs
  'integration/searchLarge', // 10,000 purpose-made entities; search runs the rest of search
  'integration/hostileInput', // hostile values for every parameter of every route; hardening runs the front door
  // Repeats on another browser or backend.
  'integration/ownershipBlocks', // traversalRoutes runs /ubo; entity runs the entity read
  'unit/independentPairs', // the independent set's make-up; the bench reads the set itself
  'integration/explorerFirefox', // explorer runs in Chromium
  'integration/searchBackend', // a failing search backend; search and searchContract run the working ones
  'integration/searchSyncFaults', // Meilisearch killed under a stream of writes
  'integration/searchSync', // the outbox's paging and the reindex swap; search and searchContract run ingest through the outbox on Meilisearch
  'integration/searchInjection', // filter-injection strings sent to both search backends; search and resolve run both backends
  'integration/neo4jBrowser', // Neo4j Browser on a Neo4j of its own, in Chromium; graphModelGuide runs the guide
  'integration/entityPdf', // entity reads as PDF; entity runs the JSON reads
  'integration/serialisers', // the compiled serialisers (RESPONSE_SERIALISER=compiled, not the default); entity, search and traversalRoutes run the default one
  // Faults, restarts and crash safety.
  'integration/riskCrash',
  'integration/riskRestart',
  'integration/backendsDown',
  'integration/idempotencyFaults', // Neo4j stopped and started under creating calls; idempotency runs the key's contract
  'integration/newsMonitoring', // alerts through a real worker and webhook receiver; adverseMedia runs the news routes
  'integration/bulkLoad', // each bulk load stops and restarts the test Neo4j around the offline importer
  'integration/besideIngest',
  'integration/rescoreOncePerChange',
  // More of a capability the fast set runs once.
  'integration/importReleases', // importers runs the FtM and BODS imports
  'integration/projectsAccess', // projects and projectEntities check access too
  'integration/projectEntityCase',
  'integration/webhookLifecycle', // webhooks runs deliveries
  'integration/riskNotifications', // resourceNotifications runs a worker's notifications
  'integration/riskChanges',
  'integration/riskExplanations',
  'integration/riskFactors',
  'integration/falsePositives',
  'integration/matchDecisions',
  'integration/matchedEntity',
  'integration/monitoring',
  'integration/feedLimits', // feeds runs the history and usage feeds
  'integration/ratelimit',
  'integration/historyRetention',
  'integration/userAttributes',
  'integration/userAttributeReads',
  'integration/ontologyClient',
  'integration/traversalBudget', // budgets and deadlines of the traversal search
  'integration/traversalDeadline',
  'integration/expensiveRequests',
  // The Redis feeds, queues and workers again on a local three-primary Redis Cluster (started by each suite).
  'integration/feedsCluster',
  'integration/ratelimitCluster',
  'integration/resourceNotificationsCluster',
  'integration/uploadsCluster',
  'integration/webhooksCluster',
  // Processes as an operator starts them.
  'integration/threeInstances', // three serve and two worker processes behind HAProxy
  'integration/serve',
  'integration/tracing',
  'integration/warmUp',
  'integration/metrics',
];

/**
 * tsc removes nothing from dist/: a test file renamed or deleted leaves its compiled copy
 * behind. Only compiled tests whose source still exists run.
 */
function withoutSource(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.test.js')) {
        const source = path.join(__dirname, path.relative(path.join(__dirname, 'dist'), file)).replace(/\.js$/, '.ts');
        if (!fs.existsSync(source)) out.push(path.relative(__dirname, file));
      }
    }
  };
  walk(dir);
  return out;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
  testMatch: ['<rootDir>/dist/test/**/*.test.js'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...withoutSource(path.join(__dirname, 'dist', 'test')).map((f) => `<rootDir>/${escape(f)}$`),
    ...(FULL ? [] : ONLY_IN_FULL.map((name) => `<rootDir>/dist/test/${escape(name)}\\.test\\.js$`)),
  ],
  globalSetup: '<rootDir>/dist/test/support/globalSetup.js',
  testTimeout: 120000,
  verbose: false,
};
