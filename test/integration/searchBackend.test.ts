/**
 * Meilisearch away: search and resolve answer from Neo4j's full-text indexes (docs/design.md,
 * "Search reads during a Meilisearch outage"). Meilisearch answering an error (here a refused
 * key) is a 502 with a generic message: never its status, never its text.
 */
import { Harness, SAMPLE, closedPort, startHarness } from '../support/harness';

const PATHS = ['/search/entity?q=antonov', '/v1/search/entity?q=antonov&facets=true', '/search/record?q=antonov', '/resolve/entity?name=Viktor%20Antonov', '/v1/resolution?name=Viktor%20Antonov'];

describe('Meilisearch unreachable', () => {
  const answers = new Map<string, unknown>();
  beforeAll(async () => {
    // The answers of the neo4j backend over the same graph, to compare with.
    const neo4j = await startHarness({ backend: 'neo4j' });
    try {
      await neo4j.ingest(SAMPLE);
      for (const path of PATHS) answers.set(path, (await neo4j.json(path)).body);
    } finally {
      await neo4j.close();
    }
  });

  test('search and resolve answer 200 from Neo4j full-text, as the neo4j backend answers', async () => {
    const h = await startHarness({ wipe: false, backend: 'meilisearch', env: { MEILI_URL: `http://127.0.0.1:${await closedPort()}`, MEILI_KEY: 'not-a-key' } });
    try {
      for (const path of PATHS) {
        const { status, body } = await h.json(path);
        expect({ path, status }).toEqual({ path, status: 200 });
        expect(body).toEqual(answers.get(path));
      }
      expect((answers.get(PATHS[0]) as any).data.length).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});

test('Meilisearch refusing the key: search and resolve answer 502 without backend details', async () => {
  const h = await startHarness({ wipe: false, backend: 'meilisearch', env: { MEILI_URL: `http://127.0.0.1:${process.env.TEST_MEILI_PORT ?? '7710'}`, MEILI_KEY: 'not-a-key' } });
  try {
    for (const path of ['/search/entity?q=antonov', '/search/record?q=antonov', '/resolve/entity?name=Antonov']) {
      const { status, body } = await h.json(path);
      expect(status).toBe(502);
      expect(body).toEqual({ status: 502, success: false, messages: ['a backend service failed; try again later'] });
    }
    const v1 = await h.json('/v1/search/entity?q=antonov');
    expect(v1.status).toBe(502);
    expect(JSON.stringify(v1.body)).not.toMatch(/meili|127\.0\.0\.1|invalid_api_key/i);
  } finally {
    await h.close();
  }
});
