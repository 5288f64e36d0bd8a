/**
 * Effective ownership in the traversal blocks of GET /entity/:id (docs/ownership.md): a block
 * whose relationships are all of one ownership direction carries the fields of legacy /ubo
 * (/downstream) with the same max_depth and relationships; other blocks carry none.
 */
import { Harness, SAMPLE, startHarness } from '../support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE], env: { TRAVERSAL_TIMEOUT_MS: '30000' } });
});
afterAll(async () => h?.close());

const EFFECTIVE_FIELDS = ['effective_shares', 'effective_shares_min', 'effective_shares_max', 'effective_paths', 'effective_paths_omitted'];

/** The effective-ownership fields of each end entity of a result list, keyed by its id. */
function effectiveByTarget(data: any[]): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const item of data) {
    const fields = Object.fromEntries(EFFECTIVE_FIELDS.filter((f) => f in item).map((f) => [f, item[f]]));
    out.set(item.target.id, fields);
  }
  return out;
}

/** The first traversal block of a legacy entity read. */
async function block(id: string, n0: string): Promise<any> {
  const res = await h.json(`/entity/${id}?${n0}`);
  expect(res.status).toBe(200);
  expect(res.body.traversals).toHaveLength(1);
  expect(res.body.traversals[0].partial_results).toBe(false);
  return res.body.traversals[0];
}

/** Legacy /ubo or /downstream with the block's bounds (a block starts at depth 1 and lists 50 results). */
async function legacy(route: 'ubo' | 'downstream', id: string, query: string): Promise<any> {
  const res = await h.json(`/${route}/${id}?min_depth=1&limit=50&${query}`);
  expect(res.status).toBe(200);
  expect(res.body.partial_results).toBe(false);
  return res.body;
}

describe('ownership blocks carry the effective shares of /ubo and /downstream', () => {
  test('a has_shareholder block from Northwind: Viktor Antonov holds 60% through Holdings and Aldgate', async () => {
    const b = await block('e-gb-northwind-logistics', 'traversals.0.max_depth=3&traversals.0.relationships=has_shareholder');
    const ubo = await legacy('ubo', 'e-gb-northwind-logistics', 'max_depth=3&relationships=has_shareholder');
    const fromBlock = effectiveByTarget(b.data);
    expect(fromBlock).toEqual(effectiveByTarget(ubo.data));
    expect(fromBlock.get('p-viktor-antonov')?.effective_shares).toBeCloseTo(60, 9);
    expect(fromBlock.get('p-elena-antonova')?.effective_shares).toBeCloseTo(40, 9);
    expect(fromBlock.get('e-cy-northwind-holdings')?.effective_shares).toBeCloseTo(100, 9);
    for (const item of b.data) expect(item).toHaveProperty('effective_shares');
  });

  test.each([
    ['ubo', 'e-gb-oakridge-energy', 4, ['has_shareholder', 'has_owner', 'has_beneficial_owner', 'subsidiary_of', 'branch_of']],
    ['ubo', 'e-gb-harbourline-shipping', 4, ['has_shareholder']],
    ['downstream', 'p-viktor-antonov', 3, ['shareholder_of', 'owner_of', 'has_subsidiary']],
    ['downstream', 'e-cy-northwind-holdings', 2, ['shareholder_of']],
  ] as const)('%s block from %s at depth %d over %j equals the route', async (route, id, depth, relationships) => {
    const rels = relationships.map((r) => `traversals.0.relationships=${r}`).join('&');
    const b = await block(id, `traversals.0.max_depth=${depth}&${rels}`);
    const answer = await legacy(route, id, `max_depth=${depth}&${relationships.map((r) => `relationships=${r}`).join('&')}`);
    expect(b.data.length).toBeGreaterThan(0);
    expect(b.data.map((d: any) => d.target.id)).toEqual(answer.data.map((d: any) => d.target.id));
    expect(effectiveByTarget(b.data)).toEqual(effectiveByTarget(answer.data));
  });

  test("a block honours the read's as_of: Harbourline Group's owners on 2020-01-01", async () => {
    const b = await block('e-gb-harbourline-group', 'as_of=2020-01-01&traversals.0.max_depth=1&traversals.0.relationships=has_shareholder');
    const ubo = await legacy('ubo', 'e-gb-harbourline-group', 'as_of=2020-01-01&max_depth=1&relationships=has_shareholder');
    const fromBlock = effectiveByTarget(b.data);
    expect(fromBlock).toEqual(effectiveByTarget(ubo.data));
    expect(fromBlock.has('e-vg-corvus-trading')).toBe(false);
    expect(fromBlock.get('p-oliver-grant')?.effective_shares).toBeCloseTo(25, 9);
  });
});

describe('other blocks carry no effective fields', () => {
  test.each([
    ['a has_director block', 'traversals.0.max_depth=1&traversals.0.relationships=has_director'],
    ['a block of every relationship type', 'traversals.0.max_depth=2'],
    ['a block mixing ownership and officers', 'traversals.0.max_depth=3&traversals.0.relationships=has_shareholder&traversals.0.relationships=has_director'],
    ['a block mixing both ownership directions', 'traversals.0.max_depth=2&traversals.0.relationships=has_shareholder&traversals.0.relationships=shareholder_of'],
  ])('%s', async (_label, query) => {
    const res = await h.json(`/entity/e-gb-northwind-logistics?${query}`);
    expect(res.status).toBe(200);
    const data = res.body.traversals[0].data;
    for (const item of data) for (const f of EFFECTIVE_FIELDS) expect(item).not.toHaveProperty(f);
  });

  test('an ownership block beside an officer block: only the ownership block is decorated', async () => {
    const res = await h.json('/entity/e-gb-northwind-logistics?traversals.0.max_depth=3&traversals.0.relationships=has_shareholder&traversals.1.max_depth=1&traversals.1.relationships=has_director');
    expect(res.status).toBe(200);
    const [owners, officers] = res.body.traversals;
    expect(owners.data.length).toBeGreaterThan(0);
    for (const item of owners.data) expect(item).toHaveProperty('effective_shares');
    for (const item of officers.data) expect(item).not.toHaveProperty('effective_shares');
  });
});
