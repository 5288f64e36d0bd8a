/**
 * Name matching on the labelled pairs (bench/data/name-pairs.json) against the real Neo4j:
 * the sample graph plus one entity per listed name. One example of each kind is resolved
 * through GET /v1/resolution; a sample of every kind (every fourth pair) through the resolve
 * use case, whose precision, recall and retrieval@10 must stay at the levels measured on the
 * whole set (docs/search.md). On each search backend.
 */
import { Harness, SAMPLE, SEARCH_BACKENDS, startHarness, writeNdjson } from '../support/harness';
import { NamePair, namePairs } from '../../bench/namePairs';
import { figures, pairEntities, resolvePairs } from '../../bench/resolvePairs';
import { meiliOptions } from '../../src/search';
import { MeiliSearchIndex } from '../../src/search/meilisearch';
import { Neo4jFulltextIndex } from '../../src/search/neo4jFulltext';
import type { SearchIndex } from '../../src/search/port';

let h: Harness;
const pairs = namePairs();
const { lines, idOf } = pairEntities(pairs);

/** The first pair of each kind. */
const examples: NamePair[] = [...new Set(pairs.map((p) => p.kind))].map((k) => pairs.find((p) => p.kind === k)!);

/**
 * What each backend reaches on the sample of pairs below. Neo4j full-text: the levels of the whole
 * set (0.966 / 0.962 / 0.999, docs/search.md; a sample varies a little). Meilisearch, whose
 * documents carry the same joined, phonetic and consonant name keys: 0.975 / 0.970 / 0.995 on this
 * sample (Neo4j 0.975 / 0.975 / 1.0). It still misses one Arabic-script name that Neo4j finds
 * (Abdullah Hassan). A pinned miss that starts to match fails here.
 */
const FLOOR = {
  neo4j: { precision: 0.92, recall: 0.92, retrieval10: 0.98, exampleMisses: [] as string[], scriptMisses: [] as string[] },
  meilisearch: { precision: 0.92, recall: 0.92, retrieval10: 0.98, exampleMisses: [] as string[], scriptMisses: ['عبد الله حسن'] },
};

describe.each(SEARCH_BACKENDS)('on the %s search backend', (backend) => {
  let index: SearchIndex;
  beforeAll(async () => {
    h = await startHarness({ backend });
    await h.ingest(SAMPLE);
    await h.ingest(writeNdjson('name-pairs.ndjson', lines));
    index = backend === 'meilisearch' ? new MeiliSearchIndex(meiliOptions(h.config)!) : new Neo4jFulltextIndex(h.graph);
  });
  afterAll(() => h.close());

  describe('one example of each kind through /v1/resolution', () => {
    test.each(examples.map((p) => [p.kind, p]))('%s', async (kind, pair) => {
      const { status, body } = await h.json(`/v1/resolution?${new URLSearchParams({ name: pair.query })}`);
      expect(status).toBe(200);
      const listed = idOf.get(pair.listed);
      if (FLOOR[backend].exampleMisses.includes(kind)) {
        // Pinned: this backend does not name the listed entity (see FLOOR).
        expect({ query: pair.query, best: body.best_match?.entity_id === listed }).toEqual({ query: pair.query, best: false });
      } else if (pair.match) {
        expect({ query: pair.query, best: body.best_match?.entity_id }).toEqual({ query: pair.query, best: listed });
        expect(body.best_match.match_strength).toEqual({ value: 'strong' });
        expect(body.best_match.explanation.name[0].tokens.length).toBeGreaterThan(0);
      } else {
        expect({ query: pair.query, best: body.best_match?.entity_id === listed }).toEqual({ query: pair.query, best: false });
      }
    });
  });

  test('a sample of every kind: precision, recall and retrieval@10 of best_match', async () => {
    const sample = pairs.filter((_, i) => i % 4 === 0);
    const { outcomes } = await resolvePairs(h.graph, sample, index);
    const f = figures(outcomes, idOf);
    const hard = outcomes.filter((o) => !o.pair.match);
    const scripts = outcomes.filter((o) => o.pair.kind === 'script');
    const floor = FLOOR[backend];
    expect(sample.length).toBeGreaterThan(250);
    expect(f.precision).toBeGreaterThanOrEqual(floor.precision);
    expect(f.recall).toBeGreaterThanOrEqual(floor.recall);
    expect(f.retrieval10).toBeGreaterThanOrEqual(floor.retrieval10);
    // Hard non-matches (Korean names a syllable apart among them) do not name the listed entity.
    expect(figures(hard, idOf).fp).toBe(0);
    // Names in other scripts (Arabic, Hebrew, Georgian, Ethiopic, ... ) find their Latin spelling.
    expect(scripts.filter((o) => figures([o], idOf).tp === 0).map((o) => o.pair.query)).toEqual(floor.scriptMisses);
  });
});
