/**
 * The upstream supply chain on 300 random targets and filter sets (negated filters, dates,
 * tiers, products, components and limits) over three generated trade networks, each answer
 * compared with the reference walk of test/support/tradeReference.ts. Full run only.
 */
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { prng } from '../fixtures/randomGraph';
import { answerChains, randomUpstreamQuery, referenceUpstream, tradeNetwork, upstreamPath } from '../support/tradeReference';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('upstream supply chain against the reference walk', () => {
  test.each([[101, 50, 260], [202, 80, 400], [303, 120, 700]])('network %i (%i entities, %i shipments): 100 random queries', async (seed, entities, shipments) => {
    await wipeGraph(h.graph);
    const net = tradeNetwork(seed, entities, shipments);
    await h.ingest(writeNdjson(`trade-${seed}.ndjson`, [...net.entities, ...net.shipments]));
    const rnd = prng(seed * 7);
    let nonEmpty = 0;
    for (let i = 0; i < 100; i++) {
      const query = randomUpstreamQuery(rnd, net);
      const path = upstreamPath(query);
      const res = await h.json(path);
      expect({ path, status: res.status, partial: res.body.partial_results }).toEqual({ path, status: 200, partial: false });
      const expected = referenceUpstream(net, query);
      if (expected.length) nonEmpty += 1;
      expect({ path, chains: answerChains(res.body) }).toEqual({ path, chains: expected });
    }
    // The queries are not all trivially empty.
    expect(nonEmpty).toBeGreaterThan(30);
  }, 600_000);
});
