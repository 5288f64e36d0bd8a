/**
 * Effective ownership on /ubo and /downstream (docs/ownership.md): random ownership graphs with
 * diamonds, cycles, parallel facts, ranges, unknown shares and ended facts, compared with the
 * path-listing reference (test/support/ownershipReference.ts), and the two cases the per-step
 * min_shares gets wrong.
 */
import { prng } from '../fixtures/randomGraph';
import { Harness, startHarness, writeNdjson, allResults } from '../support/harness';
import { OwnershipReference, RefShareFact } from '../support/ownershipReference';
import { todayUtc } from '../../src/domain/dates';
import { statementsDuring } from '../support/statementsDuring';
import { DOWNSTREAM_TYPES, UBO_TYPES } from '../../src/domain/relationships';
import { EffectiveOwnershipService } from '../../src/services/ownership/effective';
import { Deadline } from '../../src/services/traversal';

let h: Harness;
const TOLERANCE = 1e-9;
const SEEDS = [5, 17, 29, 43];
const ENTITIES = 9;

/** A small ownership graph of seed `seed`: ids `g<seed>-<i>`, the last three persons. */
function randomOwnership(seed: number): { lines: any[]; facts: RefShareFact[]; ids: string[] } {
  const rnd = prng(seed);
  const ids = Array.from({ length: ENTITIES }, (_, i) => `g${seed}-${i}`);
  const person = (i: number) => i >= ENTITIES - 3;
  const lines: any[] = ids.map((id, i) => ({ kind: 'entity', id, type: person(i) ? 'person' : 'company', label: `Entity ${id}` }));
  const facts: RefShareFact[] = [];
  const shares = () => {
    const r = rnd();
    const pct = () => Math.round(rnd() * 10000) / 100;
    if (r < 0.5) return [{ percentage: pct() }];
    if (r < 0.65) return [{ percentage: pct() }, { percentage: pct() }];
    if (r < 0.72) return [{ percentage: null, monetary_value: 100 }];
    return undefined;
  };
  for (let n = 0; n < 22; n++) {
    const a = Math.floor(rnd() * (ENTITIES - 3));
    let b = Math.floor(rnd() * ENTITIES);
    if (b === a) b = (b + 1) % ENTITIES;
    const type = person(b) ? ['has_shareholder', 'has_owner', 'has_beneficial_owner'][Math.floor(rnd() * 3)]
      : ['has_shareholder', 'has_shareholder', 'has_owner', 'subsidiary_of', 'branch_of'][Math.floor(rnd() * 5)];
    const fact: RefShareFact = { type, from: ids[a], to: ids[b] };
    if (type !== 'subsidiary_of' && type !== 'branch_of') fact.shares = shares();
    else if (rnd() < 0.3) fact.shares = [{ percentage: Math.round(rnd() * 100) }];
    const d = rnd();
    if (d < 0.1) fact.to_date = '2001-05';
    else if (d < 0.2) fact.from_date = '2999-01-01';
    else if (d < 0.35) fact.from_date = ['2010-01-01', '2015-06', '2020'][Math.floor(rnd() * 3)];
    else if (d < 0.5) fact.to_date = ['2012-03', '2018', '2019-12-31'][Math.floor(rnd() * 3)];
    facts.push(fact);
    lines.push({ kind: 'relationship', id: `g${seed}-f${n}`, ...fact });
  }
  return { lines, facts, ids };
}

const graphs = new Map<number, ReturnType<typeof randomOwnership>>();

beforeAll(async () => {
  h = await startHarness({ env: { TRAVERSAL_TIMEOUT_MS: '30000' } });
  for (const seed of SEEDS) graphs.set(seed, randomOwnership(seed));
  await h.ingest(writeNdjson('ownership.ndjson', [...graphs.values()].flatMap((g) => g.lines)));
});
afterAll(async () => h?.close());

/**
 * Checks every result of an answer (paths_limit=3) against the reference's owners: figures,
 * path counts, the listed paths, and no owner missing. Returns how many were compared.
 */
function expectReferenceFigures(data: any[], expected: ReturnType<OwnershipReference['owners']>): { compared: number; uncertain: number } {
  let compared = 0;
  let uncertain = 0;
  const seen = new Set<string>();
  for (const item of data) {
    const id = item.target.id as string;
    const want = expected.get(id);
    if (!want) {
      // Reached only over a fact not yet begun (the traversal follows those): no ownership path.
      expect([item.effective_shares, item.effective_paths, item.effective_paths_omitted]).toEqual([0, [], 0]);
      continue;
    }
    seen.add(id);
    expect(Math.abs(item.effective_shares - want.value)).toBeLessThan(TOLERANCE);
    expect(Math.abs((item.effective_shares_min ?? item.effective_shares) - want.min)).toBeLessThan(TOLERANCE);
    expect(Math.abs((item.effective_shares_max ?? item.effective_shares) - want.max)).toBeLessThan(TOLERANCE);
    expect(item.effective_paths.length + item.effective_paths_omitted).toBe(want.paths.length);
    expect(item.effective_paths.length).toBe(Math.min(3, want.paths.length));
    for (const p of item.effective_paths) expect(want.paths.map((x) => x.join('/'))).toContain(p.entities.join('/'));
    compared++;
    if (item.effective_shares_max !== undefined) uncertain++;
  }
  expect([...seen].sort()).toEqual([...expected.keys()].sort());
  return { compared, uncertain };
}

describe('effective shares equal the reference', () => {
  for (const seed of SEEDS) {
    test(`graph ${seed}: every owner and owned entity, min and max, path counts`, async () => {
      const { facts, ids } = graphs.get(seed)!;
      const ref = new OwnershipReference(facts);
      let compared = 0;
      let uncertain = 0;
      for (const [route, types] of [['ubo', UBO_TYPES], ['downstream', DOWNSTREAM_TYPES]] as const) {
        for (const root of ids) {
          for (const depth of [2, 4]) {
            const data = await allResults(h, `/v1/${route}/${root}?max_depth=${depth}&psa=false&paths_limit=3`);
            const figures = expectReferenceFigures(data, ref.owners(root, types, depth, todayUtc()));
            compared += figures.compared;
            uncertain += figures.uncertain;
          }
        }
      }
      expect(compared).toBeGreaterThan(20);
      expect(uncertain).toBeGreaterThan(0);
    });
  }

  test('a search to max_depth 5 or less reads the facts in its own statement; a deeper one in a statement of their own, to the same figures', async () => {
    const { facts, ids } = graphs.get(SEEDS[0])!;
    const ref = new OwnershipReference(facts);
    let compared = 0;
    for (const depth of [4, 6]) {
      for (const root of ids) {
        let data: any[] = [];
        const names = await statementsDuring(async () => {
          data = await allResults(h, `/v1/ubo/${root}?max_depth=${depth}&psa=false&paths_limit=3`);
        });
        expect(names.some((n) => n.startsWith('traversal#'))).toBe(true);
        expect(names.includes('ownership#ownership-subgraph')).toBe(depth > 5);
        compared += expectReferenceFigures(data, ref.owners(root, UBO_TYPES, depth, todayUtc())).compared;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  test('min_effective_shares keeps exactly the reference owners (point figure, or maximum with unknown shares)', async () => {
    let kept = 0;
    let refused = 0;
    for (const seed of SEEDS) {
      const { facts, ids } = graphs.get(seed)!;
      const ref = new OwnershipReference(facts);
      for (const root of ids.slice(0, 6)) {
        const expected = ref.owners(root, UBO_TYPES, 4, todayUtc());
        for (const [threshold, unknown] of [[25, false], [25, true], [10, false], [50, true]] as const) {
          const data = await allResults(h, `/v1/ubo/${root}?psa=false&min_effective_shares=${threshold}&include_unknown_shares=${unknown}`);
          const got = new Set(data.map((d) => d.target.id as string));
          const want = [...expected].filter(([, o]) => (unknown ? o.max : o.value) >= threshold - TOLERANCE).map(([id]) => id);
          expect([...got].sort()).toEqual(want.sort());
          kept += want.length;
          refused += expected.size - want.length;
        }
      }
    }
    expect(kept).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('effective shares on a past date (the service; the routes take no as_of yet)', () => {
  test('equal the reference run on the facts valid on that date', async () => {
    const service = new EffectiveOwnershipService(h.graph);
    let compared = 0;
    for (const seed of SEEDS) {
      const { facts, ids } = graphs.get(seed)!;
      const ref = new OwnershipReference(facts);
      for (const date of ['2011-06-01', '2016-01-01', '2019-12-31']) {
        for (const root of ids.slice(0, 6)) {
          const expected = ref.owners(root, UBO_TYPES, 3, date);
          const { owners, complete } = await service.compute({ root, direction: 'ubo', relationships: UBO_TYPES, maxDepth: 3, date, pathsLimit: 0 });
          expect(complete).toBe(true);
          expect([...owners.keys()].sort()).toEqual([...expected.keys()].sort());
          for (const [id, want] of expected) {
            const got = owners.get(id)!;
            expect(Math.abs(got.value - want.value)).toBeLessThan(TOLERANCE);
            expect(Math.abs(got.min - want.min)).toBeLessThan(TOLERANCE);
            expect(Math.abs(got.max - want.max)).toBeLessThan(TOLERANCE);
            expect(got.pathCount).toBe(want.paths.length);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});

describe('what the per-step min_shares gets wrong', () => {
  beforeAll(async () => {
    await h.ingest(writeNdjson('cases.ndjson', [
      { kind: 'entity', id: 'x-target', type: 'company', label: 'Target Ltd' },
      { kind: 'entity', id: 'x-holding', type: 'company', label: 'Holding Ltd' },
      { kind: 'entity', id: 'x-owner', type: 'person', label: 'Owner Person' },
      { kind: 'relationship', type: 'has_shareholder', from: 'x-target', to: 'x-owner', shares: [{ percentage: 30 }] },
      { kind: 'relationship', type: 'has_shareholder', from: 'x-target', to: 'x-holding', shares: [{ percentage: 30 }] },
      { kind: 'relationship', type: 'has_shareholder', from: 'x-holding', to: 'x-owner', shares: [{ percentage: 100 }] },
      { kind: 'entity', id: 'y-target', type: 'company', label: 'Second Target Ltd' },
      { kind: 'entity', id: 'y-holding', type: 'company', label: 'Second Holding Ltd' },
      { kind: 'entity', id: 'y-owner', type: 'person', label: 'Second Owner' },
      { kind: 'relationship', type: 'has_shareholder', from: 'y-target', to: 'y-holding', shares: [{ percentage: 50 }] },
      { kind: 'relationship', type: 'has_shareholder', from: 'y-holding', to: 'y-owner', shares: [{ percentage: 75 }] },
    ]));
  });

  test('30% directly and 30% through a wholly owned company is a 60% owner at min_effective_shares=50', async () => {
    const perStep = await h.json('/v1/ubo/x-target?min_shares=50&include_unknown_shares=false');
    expect(perStep.body.data.map((d: any) => d.target.id)).not.toContain('x-owner');
    const res = await h.json('/v1/ubo/x-target?min_effective_shares=50');
    expect(res.status).toBe(200);
    expect(res.body.min_effective_shares).toBe(50);
    const owner = res.body.data.filter((d: any) => d.target.id === 'x-owner');
    expect(owner.length).toBeGreaterThan(0);
    expect(owner[0].effective_shares).toBeCloseTo(60, 9);
    expect(owner[0].effective_paths.map((p: any) => p.entities)).toEqual([['x-target', 'x-holding', 'x-owner'], ['x-target', 'x-owner']]);
    expect(owner[0].effective_paths_omitted).toBe(0);
    expect(owner[0].effective_shares_max).toBeUndefined();
    const legacy = await h.json('/ubo/x-target?min_effective_shares=50');
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.find((d: any) => d.target.id === 'x-owner').effective_shares).toBeCloseTo(60, 9);
  });

  test('75% of 50% passes min_shares=40 on each step but is refused at min_effective_shares=40', async () => {
    const perStep = await h.json('/v1/ubo/y-target?min_shares=40');
    expect(perStep.body.data.map((d: any) => d.target.id)).toContain('y-owner');
    const res = await h.json('/v1/ubo/y-target?min_effective_shares=40');
    expect(res.body.data.map((d: any) => d.target.id)).toEqual(['y-holding']);
    const all = await h.json('/v1/ubo/y-target');
    expect(all.body.data.find((d: any) => d.target.id === 'y-owner').effective_shares).toBeCloseTo(37.5, 9);
    const down = await h.json('/v1/downstream/y-owner');
    expect(down.body.data.find((d: any) => d.target.id === 'y-target').effective_shares).toBeCloseTo(37.5, 9);
  });

  test('bad values get a 400 naming the parameter', async () => {
    for (const [query, name] of [['min_effective_shares=-1', 'min_effective_shares'], ['min_effective_shares=101', 'min_effective_shares'],
      ['min_effective_shares=abc', 'min_effective_shares'], ['paths_limit=101', 'paths_limit'], ['paths_limit=-2', 'paths_limit']]) {
      const res = await h.json(`/v1/ubo/y-target?${query}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(name);
    }
    expect((await h.json('/v1/traversal/y-target?min_effective_shares=10')).status).toBe(400);
    const legacy = await h.json('/ubo/y-target?min_effective_shares=101');
    expect(legacy.status).toBe(406);
    expect(JSON.stringify(legacy.body)).toContain('min_effective_shares');
  });

  test('min_effective_shares pages: pages of one result are the whole answer in order', async () => {
    let compared = 0;
    for (const seed of SEEDS) {
      const root = graphs.get(seed)!.ids[0];
      const whole = await h.json(`/v1/ubo/${root}?min_effective_shares=5&limit=50`);
      expect(whole.body.next).toBe(false);
      const paged: any[] = [];
      for (let offset = 0; offset < whole.body.data.length + 1; offset++) {
        const page = await h.json(`/v1/ubo/${root}?min_effective_shares=5&limit=1&offset=${offset}`);
        paged.push(...page.body.data);
        expect(page.body.next).toBe(offset + 1 < whole.body.data.length);
      }
      // The order and each owner's effective fields are the contract; which of several equally
      // short paths a result shows is Neo4j's pick (docs/traversal.md), so paths compare by length.
      const view = (d: any) => ({ target: d.target.id, length: d.path.length, effective_shares: d.effective_shares, effective_shares_min: d.effective_shares_min, effective_shares_max: d.effective_shares_max, effective_paths: d.effective_paths, effective_paths_omitted: d.effective_paths_omitted });
      expect(paged.map(view)).toEqual(whole.body.data.map(view));
      compared += paged.length;
    }
    expect(compared).toBeGreaterThan(3);
  });
});

describe('out of time', () => {
  test('a subgraph read the request deadline leaves no time for gives no owners and an incomplete answer, not an error', async () => {
    const service = new EffectiveOwnershipService(h.graph);
    const query = { root: 'x-target', direction: 'ubo' as const, relationships: UBO_TYPES, maxDepth: 4, pathsLimit: 3 };
    expect(await service.subgraph(query, new Deadline(0))).toBeUndefined();
    const answer = await service.compute(query, new Deadline(0));
    expect(answer.complete).toBe(false);
    expect(answer.owners.size).toBe(0);
    // With time left, the same read answers (x-owner holds x-target through two paths).
    const read = await service.compute(query, new Deadline(30_000));
    expect(read.complete).toBe(true);
    expect(read.owners.get('x-owner')!.pathCount).toBe(2);
  });
});
