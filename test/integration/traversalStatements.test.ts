import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import { Graph } from '../../src/graph/neo4j';
import {
  bfsLevelStatement, bfsLevelsStatement, detoursStatement, levelsStatement, longerPathsStatement, shortestPathStatement, traverseStatement,
} from '../../src/services/traversal/statements';
import { REPO, testConfig } from '../support/env';
import { statementGrid } from '../support/statementGrid';

/**
 * The traversal statements are the texts the single-file service built before the split into
 * src/services/traversal/ and typed statement filling: test/fixtures/traversalStatements.json
 * holds the sha-256 (first 16 hex digits) of each grid statement as that build made it. A
 * byte changed anywhere in a text changes its plan-cache key and can change its plan. The
 * fixture was regenerated once, deliberately, when the step filter and the shortest-path step
 * gained the `$asOf IS NULL OR ...` predicate of as_of (one text per grid key still).
 */
const grid = statementGrid({
  traverse: traverseStatement,
  levels: levelsStatement,
  detours: detoursStatement,
  longerPaths: longerPathsStatement,
  bfsLevels: bfsLevelsStatement,
  bfsLevel: bfsLevelStatement,
  shortestPath: shortestPathStatement,
});

const hash = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

describe('traversal statements', () => {
  test('every grid statement is byte for byte the one the earlier build made', () => {
    const expected = JSON.parse(fs.readFileSync(path.join(REPO, 'test', 'fixtures', 'traversalStatements.json'), 'utf8')) as Record<string, string>;
    expect(grid.size).toBeGreaterThan(2900);
    expect([...grid.keys()].sort()).toEqual(Object.keys(expected).sort());
    const changed = [...grid].filter(([key, text]) => hash(text) !== expected[key]).map(([key]) => key);
    expect(changed).toEqual([]);
  });

  test('no statement keeps a placeholder', () => {
    const unfilled = [...grid].filter(([, text]) => /__[A-Z][A-Z0-9_]*__/.test(text)).map(([key]) => key);
    expect(unfilled).toEqual([]);
  });

  describe('against Neo4j', () => {
    let graph: Graph;
    beforeAll(() => {
      graph = new Graph(testConfig());
    });
    afterAll(async () => {
      await graph.close();
    });

    // Every parameter any traversal statement takes (extra ones are ignored).
    const params = {
      id: 'x', a: 'x', b: 'y', shareTypes: ['SHAREHOLDER_OF'], minShares: 0, includeUnknownShares: true, excludeFormer: false,
      today: '2026-01-01', excludeClosed: false, asOf: null, riskFactors: [], entityKeys: ['id'], withFacts: false, cap: neo4j.int(64),
      need: neo4j.int(11), budget: neo4j.int(1000), countries: [], types: [], name: null, offset: neo4j.int(0), limit: neo4j.int(10),
      near: [], frontier: [], recent: [], onlyListed: false, maxDepth: neo4j.int(10), maxFrontier: neo4j.int(100), minLen: neo4j.int(1),
      listedLevel: neo4j.int(0), ids: [], rels: [], pairs: [],
    };

    // Every 23rd statement of the grid (a prime step, so it walks across the grid's dimensions
    // and reaches every builder) and every shortest-path one; planning takes up to a second a
    // statement, so not all of them. Searches shorter than their minimum length are never built.
    const tooShort = (key: string) => {
      const match = /\/min=(\d+)\/depth=(\d+)$/.exec(key);
      return match !== null && Number(match[1]) > Number(match[2]);
    };
    const sample = [...grid].filter(([key]) => !tooShort(key)).filter(([key], i) => i % 23 === 0 || key.startsWith('shortestPath/'));

    test(`Neo4j parses every sampled statement (EXPLAIN, ${sample.length} statements)`, async () => {
      const failed: string[] = [];
      for (const [key, text] of sample) {
        try {
          await graph.read(`EXPLAIN ${text}`, params);
        } catch (err) {
          failed.push(`${key}: ${(err as Error).message.split('\n')[0]}`);
        }
      }
      expect(failed).toEqual([]);
    }, 600_000);
  });
});
