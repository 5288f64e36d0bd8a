import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import { Graph } from '../../src/graph/neo4j';
import {
  bfsLevelStatement, bfsLevelsStatement, detoursStatement, levelsStatement, longerPathsStatement, shortestPathStatement, traverseStatement,
} from '../../src/services/traversal/statements';
import { RELATIONSHIP_TYPES } from '../../src/domain/relationships';
import type { TraversalRequest } from '../../src/services/traversal';
import { REPO, testConfig } from '../support/env';
import { statementGrid } from '../support/statementGrid';

/**
 * test/fixtures/traversalStatements.json holds the sha-256 (first 16 hex digits) of each grid
 * statement as the build that made relationship types and end filters parameters made it. A
 * byte changed anywhere in a text changes its plan-cache key and can change its plan; rewrite
 * the fixture deliberately with TRAVERSAL_STATEMENTS_WRITE=1 when a text is meant to change
 * (it was, when the step filter and the shortest-path step gained as_of's `$asOf IS NULL OR ...`).
 *
 * The texts a client can cause are bounded (docs/operations-limits.md): per type group (3),
 * traverse 2 (listed or not) x 2 (risk filters) x 55 (min_depth x depth) = 220, levels 10,
 * breadth-first 2, detours 9; and 10 shortest-path texts: 3 x 241 + 10 = 743. /ubo and
 * /downstream with effective ownership read its facts in the page of a search to max_depth: one
 * more text per traverse and levels shape of those two groups, 2 x 230 = 460. longer-paths names
 * the requested types (55 lengths per type set): the grid's five relationship lists give at
 * most 5 x 2 (psa or not) x 55 more, so the grid's bound is 743 + 460 + 550.
 */
const TEXT_BOUND = 743 + 460 + 550;
const grid = statementGrid({
  traverse: traverseStatement,
  levels: levelsStatement,
  detours: detoursStatement,
  longerPaths: longerPathsStatement,
  bfsLevels: bfsLevelsStatement,
  bfsLevel: bfsLevelStatement,
  shortestPath: shortestPathStatement,
});

const randomBase: TraversalRequest = {
  id: 'x', offset: 0, limit: 10, minDepth: 1, maxDepth: 4, relationships: [], psa: false, countries: [], types: [],
  sanctioned: false, pep: false, watchlist: false, minShares: 0, includeUnknownShares: true,
  excludeFormerRelationships: false, excludeClosedEntities: false, riskFactors: [],
};

const hash = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

describe('traversal statements', () => {
  test('every grid statement is byte for byte the one the fixture records', () => {
    if (process.env.TRAVERSAL_STATEMENTS_WRITE === '1') {
      const hashes = Object.fromEntries([...grid].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, text]) => [key, hash(text)]));
      fs.writeFileSync(path.join(REPO, 'test', 'fixtures', 'traversalStatements.json'), `${JSON.stringify(hashes, null, 2)}\n`);
    }
    const expected = JSON.parse(fs.readFileSync(path.join(REPO, 'test', 'fixtures', 'traversalStatements.json'), 'utf8')) as Record<string, string>;
    expect(grid.size).toBeGreaterThan(2900);
    expect([...grid.keys()].sort()).toEqual(Object.keys(expected).sort());
    const changed = [...grid].filter(([key, text]) => hash(text) !== expected[key]).map(([key]) => key);
    expect(changed).toEqual([]);
  });

  test(`the grid's distinct texts are at most the documented bound (${TEXT_BOUND})`, () => {
    const distinct = new Set(grid.values());
    expect(distinct.size).toBeLessThanOrEqual(TEXT_BOUND);
    // Relationship types and end filters choose a type group and whether only listed
    // entities are targets, nothing else: 5 relationship lists x 2 psa x 6 end filter sets
    // give at most 3 groups x 2 texts of each shape.
    const shapes = new Map<string, Set<string>>();
    for (const [key, text] of grid) {
      // shortest-path and longer-paths name the requested types themselves (docs/operations-limits.md).
      if (key.startsWith('shortestPath/') || key.startsWith('longerPaths/')) continue;
      const shape = key.split('/').filter((_, i) => i === 0 || i > 3).join('/');
      shapes.set(shape, (shapes.get(shape) ?? new Set()).add(text));
    }
    const perShape = Math.max(...[...shapes.values()].map((texts) => texts.size));
    expect(perShape).toBeLessThanOrEqual(6);
  });

  test('random relationship-type sets and end filters add no text beyond the type groups', () => {
    const texts = new Set<string>();
    let seed = 5;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
    for (let i = 0; i < 300; i++) {
      const relationships = RELATIONSHIP_TYPES.filter(() => rnd() < 0.2);
      if (relationships.length === 0) relationships.push(RELATIONSHIP_TYPES[i % RELATIONSHIP_TYPES.length]);
      const request = {
        ...randomBase, relationships, psa: rnd() < 0.5, countries: rnd() < 0.5 ? ['GBR'] : [], types: rnd() < 0.5 ? ['company'] : [],
        name: rnd() < 0.5 ? 'acme' : undefined, sanctioned: rnd() < 0.2, pep: rnd() < 0.2,
      };
      texts.add(traverseStatement(request, 4));
      texts.add(levelsStatement(request, 3, false));
      texts.add(bfsLevelStatement(request));
    }
    // At most 3 type groups x (traverse listed or not, levels, bfs-level).
    expect(texts.size).toBeLessThanOrEqual(3 * 4);
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
      today: '2026-01-01', excludeClosed: false, asOf: null, relTypes: ['HAS_SHAREHOLDER'], sanctioned: false, pep: false, watchlist: false, riskFactors: [], entityKeys: ['id'], withFacts: false, cap: neo4j.int(64),
      need: neo4j.int(11), budget: neo4j.int(1000), countries: [], types: [], name: null, offset: neo4j.int(0), limit: neo4j.int(10),
      near: [], frontier: [], recent: [], onlyListed: false, maxDepth: neo4j.int(10), maxFrontier: neo4j.int(100), minLen: neo4j.int(1),
      listedLevel: neo4j.int(0), ids: [], rels: [], pairs: [], ownershipTypes: ['HAS_SHAREHOLDER'], ownershipDate: '2026-01-01',
    };

    // Every fourth distinct text of the grid (each text once: the grid repeats them across
    // relationship lists and end filters), the first of each kind and every shortest-path one;
    // planning takes up to a second a statement, so not all of them (the texts are built from
    // shared parts, so a broken part breaks many). Searches shorter than their minimum length are never built.
    const tooShort = (key: string) => {
      const match = /\/min=(\d+)\/depth=(\d+)$/.exec(key);
      return match !== null && Number(match[1]) > Number(match[2]);
    };
    const distinct = new Map<string, string>();
    for (const [key, text] of grid) if (!tooShort(key) && !distinct.has(text)) distinct.set(text, key);
    const kinds = new Set<string>();
    const firstOfKind = (key: string) => !kinds.has(key.split('/')[0]) && kinds.add(key.split('/')[0]) !== undefined;
    const sample = [...distinct].map(([text, key]) => [key, text] as const)
      .filter(([key], i) => firstOfKind(key) || i % 4 === 0 || key.startsWith('shortestPath/'));

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
