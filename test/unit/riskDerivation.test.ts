/**
 * The worker's derivation (deriveRisk) against a plain reference on random ownership graphs:
 * enumerate every simple upward / downward path of at most four hops first, then read each rule
 * off the paths (owned_by / owner_of: some path ends at a member; 50% rule: the sum of share
 * products over the paths whose end is the first member of the family on them). Graphs mix
 * known, unknown and over-100 shares, cycles, parallel owners and members of several families.
 */
import { RISK_FAMILIES, familiesOfFactor, type RiskFamily } from '../../src/domain/riskFamilies';
import { deriveRisk, type Adjacency, type RiskMap } from '../../src/services/risk';

const FACTOR_POOL: [string, string][] = [
  ['sanctioned_usa_ofac_sdn', 'USA'], ['ofac_sdgt_sanctioned', 'USA'], ['sanctioned_gbr_hmt_ofsi', 'GBR'],
  ['sanctioned_eu_sanctions', 'XXX'], ['state_owned_rus', 'RUS'], ['export_controls_bis_meu', 'USA'],
  ['military_civil_fusion', 'CHN'], ['wro_entity', 'USA'], ['pep', 'GBR'], ['forced_labor_xinjiang_origin_direct', 'CHN'],
];
const DEPTH = 4;

function rng(seed: number) {
  let a = seed;
  return () => ((a = (Math.imul(a, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff);
}

interface Case { up: Adjacency; down: Adjacency; directs: Map<string, RiskMap> }

function randomCase(seed: number): Case {
  const rnd = rng(seed);
  const n = 3 + Math.floor(rnd() * 6);
  const ids = Array.from({ length: n }, (_, i) => (i === 0 ? 'root' : `n${i}`));
  const directs = new Map<string, RiskMap>();
  for (const id of ids.slice(1)) {
    const risk: RiskMap = {};
    for (const [factor, country] of FACTOR_POOL) {
      if (rnd() < 0.15) risk[factor] = { value: 1, metadata: { country: [country] }, level: 'high' };
    }
    directs.set(id, risk);
  }
  const up: Adjacency = new Map();
  const down: Adjacency = new Map();
  for (const from of ids) {
    for (const to of ids) {
      if (from === to || rnd() > 0.3) continue;
      const r = rnd();
      const percentage = r < 0.2 ? null : r < 0.25 ? 120 : Math.round(rnd() * 100);
      up.set(from, [...(up.get(from) ?? []), { to, percentage }]);
      down.set(to, [...(down.get(to) ?? []), { to: from, percentage }]);
    }
  }
  return { up, down, directs };
}

/** Every simple path from root of 1..DEPTH hops, as the list of its steps. */
function paths(adjacency: Adjacency): { to: string; percentage: number | null }[][] {
  const out: { to: string; percentage: number | null }[][] = [];
  const walk = (node: string, path: { to: string; percentage: number | null }[], seen: Set<string>) => {
    for (const edge of adjacency.get(node) ?? []) {
      if (seen.has(edge.to)) continue;
      const next = [...path, edge];
      out.push(next);
      if (next.length < DEPTH) walk(edge.to, next, new Set([...seen, edge.to]));
    }
  };
  walk('root', [], new Set(['root']));
  return out;
}

const memberCountries = (directs: Map<string, RiskMap>, id: string, family: RiskFamily): string[] =>
  Object.entries(directs.get(id) ?? {}).filter(([f]) => familiesOfFactor(f).includes(family)).flatMap(([, v]) => v.metadata.country);

function reference(c: Case): Record<string, { value: number; country: string[] }> {
  const out: Record<string, { value: number; country: string[] }> = {};
  const put = (name: string, value: number, countries: string[]) => {
    const prev = out[name];
    out[name] = { value: Math.max(prev?.value ?? 0, value), country: [...new Set([...(prev?.country ?? []), ...countries])].sort() };
  };
  const isMember = (id: string, family: RiskFamily) => Object.keys(c.directs.get(id) ?? {}).some((f) => familiesOfFactor(f).includes(family));
  for (const [adjacency, slot] of [[c.up, 'ownedBy'], [c.down, 'ownerOf']] as const) {
    for (const path of paths(adjacency)) {
      const end = path[path.length - 1].to;
      for (const family of RISK_FAMILIES) if (family[slot] && isMember(end, family)) put(family[slot]!, 1, memberCountries(c.directs, end, family));
    }
  }
  for (const family of RISK_FAMILIES.filter((f) => f.fiftyPercent)) {
    let total = 0;
    const countries: string[] = [];
    for (const path of paths(c.up)) {
      const end = path[path.length - 1].to;
      if (!isMember(end, family) || path.slice(0, -1).some((step) => isMember(step.to, family))) continue;
      if (path.some((step) => step.percentage === null)) continue;
      const share = path.reduce((p, step) => p * (Math.min(step.percentage!, 100) / 100), 1);
      if (share === 0) continue;
      total += share * 100;
      countries.push(...memberCountries(c.directs, end, family));
    }
    if (total >= 50 - 1e-9) put(family.fiftyPercent!, Math.round(Math.min(total, 100) * 100) / 100, countries);
  }
  return out;
}

test.each(Array.from({ length: 400 }, (_, i) => i + 1))('random ownership graph %i: deriveRisk agrees with path enumeration', (seed) => {
  const c = randomCase(seed);
  const { risk, partial, explanations } = deriveRisk({ id: 'root', direct: {}, adjacent: [], psa: [], up: c.up, down: c.down, directOf: (id) => c.directs.get(id) });
  expect(partial).toBe(false);
  const got = Object.fromEntries(Object.entries(risk).map(([name, v]) => [name, { value: v.value, country: v.metadata.country }]));
  expect(got).toEqual(reference(c));
  // Every factor is explained: each path follows the graph from the root to one of the sources;
  // a 50% rule's owners add up to its aggregate, which gives its value.
  expect(Object.keys(explanations).sort()).toEqual(Object.keys(risk).sort());
  for (const [name, e] of Object.entries(explanations)) {
    const sources = new Set(e.source_entities.map((s) => s.id));
    expect(e.source_entity_count).toBeGreaterThanOrEqual(sources.size);
    const adjacency = name.startsWith('owner_of_') ? c.down : c.up;
    for (const path of e.paths) {
      let from = 'root';
      for (const step of path) {
        expect((adjacency.get(from) ?? []).some((edge) => edge.to === step.entity.id && edge.percentage === step.shares)).toBe(true);
        from = step.entity.id;
      }
      if (e.source_entity_count <= sources.size) expect(sources).toContain(from);
    }
    if (name.endsWith('_50_percent_rule')) {
      const sum = e.owners!.reduce((a, o) => a + o.effective_shares, 0);
      expect(sum).toBeCloseTo(e.aggregate_shares!, 2);
      expect(risk[name].value as number).toBeCloseTo(Math.min(e.aggregate_shares!, 100), 1);
    } else {
      expect(e.paths.length).toBe(Math.min(sources.size, 20));
    }
  }
});

test('the random graphs reach every kind of rule', () => {
  const names = new Set<string>();
  for (let seed = 1; seed <= 400; seed++) for (const name of Object.keys(reference(randomCase(seed)))) names.add(name);
  for (const name of ['owned_by_soe', 'owner_of_wro_entity', 'ofac_50_percent_rule', 'sanctioned_50_percent_rule', 'military_civil_fusion_50_percent_rule', 'eu_50_percent_rule', 'owned_by_bis_meu_entity']) {
    expect(names).toContain(name);
  }
});

test('a root owned through many members lists the first 20 by id, each with its path, and asks only their labels', () => {
  // root <- h<i> <- m<i>: 30 state-owned members two steps up, each through its own holding.
  const up: Adjacency = new Map([['root', Array.from({ length: 30 }, (_, i) => ({ to: `h${String(i).padStart(2, '0')}`, percentage: 10 }))]]);
  const directs = new Map<string, RiskMap>();
  for (let i = 0; i < 30; i++) {
    const n = String(i).padStart(2, '0');
    up.set(`h${n}`, [{ to: `m${n}`, percentage: 100 }]);
    directs.set(`m${n}`, { state_owned_rus: { value: 1, metadata: { country: ['RUS'] }, level: 'high' } });
  }
  const asked = new Set<string>();
  const { risk, explanations } = deriveRisk({
    id: 'root', direct: {}, adjacent: [], psa: [], up, down: new Map(), directOf: (id) => directs.get(id),
    labelOf: (id) => {
      asked.add(id);
      return `label ${id}`;
    },
  });
  expect(Object.keys(risk)).toContain('owned_by_soe');
  const e = explanations.owned_by_soe;
  const shown = Array.from({ length: 20 }, (_, i) => `m${String(i).padStart(2, '0')}`);
  expect(e.source_entity_count).toBe(30);
  expect(e.source_entities).toEqual(shown.map((id) => ({ id, label: `label ${id}` })));
  expect(e.paths.map((p) => p.map((s) => s.entity.id))).toEqual(shown.map((id) => [`h${id.slice(1)}`, id]));
  expect(e.paths.every((p) => p[0].shares === 10 && p[1].shares === 100)).toBe(true);
  expect([...asked].sort()).toEqual([...shown, ...shown.map((id) => `h${id.slice(1)}`)].sort());
});
