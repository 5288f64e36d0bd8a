import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { generateLines, writeGenerated, GenerateOptions } from '../../src/seed/generator';
import { isRelationshipType, SHARE_BEARING_TYPES, UBO_TYPES } from '../../src/domain/relationships';
import { isDirectRiskFactor } from '../../src/domain/risk';
import { isDateString } from '../../src/domain/dates';
import { isEntityType } from '../../src/domain/entityTypes';
import { isAttributeField } from '../../src/domain/attributes';
import { parseLine } from '../../src/ingest/validate';
import { shipmentAddress } from '../../src/seed/shipments';

type Line = Record<string, any>;
const KINDS = ['source', 'record', 'entity', 'relationship', 'possibly_same_as'];
const COUNTRY = /^[A-Z]{3}$/;
/** Today in UTC, read when asked (a module-load constant goes stale if a run crosses midnight). */
const utcDay = () => new Date().toISOString().slice(0, 10);

function generate(opts: GenerateOptions): string[] {
  return [...generateLines(opts)];
}

/** Checks every line of an ingest file; returns the problems found (empty when valid). */
function problems(lines: Line[]): string[] {
  const out: string[] = [];
  const ids = { source: new Set<string>(), record: new Set<string>(), entity: new Set<string>() };
  for (const l of lines) if (l.kind in ids) ids[l.kind as keyof typeof ids].add(l.id);
  const date = (v: unknown, where: string): void => {
    if (v !== undefined && v !== null && !(typeof v === 'string' && isDateString(v))) out.push(`${where}: bad date ${v}`);
  };
  const country = (v: unknown, where: string): void => {
    if (!(typeof v === 'string' && COUNTRY.test(v))) out.push(`${where}: bad country ${v}`);
  };
  const record = (r: unknown, where: string): void => {
    if (!ids.record.has(r as string)) out.push(`${where}: unknown record ${r}`);
  };
  const entity = (e: unknown, where: string): void => {
    if (!ids.entity.has(e as string)) out.push(`${where}: unknown entity ${e}`);
  };
  for (const l of lines) {
    if (!KINDS.includes(l.kind)) out.push(`bad kind ${l.kind}`);
    switch (l.kind) {
      case 'source':
        country(l.country, `source ${l.id}`);
        break;
      case 'record':
        if (!ids.source.has(l.source)) out.push(`record ${l.id}: unknown source ${l.source}`);
        date(l.publication_date, `record ${l.id}`);
        date(l.acquisition_date, `record ${l.id}`);
        for (const ref of l.references ?? []) {
          entity(ref.entity, `record ${l.id}`);
          if (ref.type !== 'about' && ref.type !== 'mentions') out.push(`record ${l.id}: reference type ${ref.type}`);
        }
        break;
      case 'entity':
        if (!isEntityType(l.type)) out.push(`entity ${l.id}: type ${l.type}`);
        for (const a of l.attributes ?? []) {
          if (!isAttributeField(a.field)) out.push(`entity ${l.id}: field ${a.field}`);
          for (const r of a.records ?? []) record(r, `entity ${l.id} ${a.field}`);
          date(a.from_date, `entity ${l.id} ${a.field}.from_date`);
          date(a.to_date, `entity ${l.id} ${a.field}.to_date`);
          date(a.date, `entity ${l.id} ${a.field}.date`);
          if (a.field === 'country') country(a.value, `entity ${l.id}`);
          if (a.field === 'date_of_birth') date(a.value, `entity ${l.id} date_of_birth`);
        }
        for (const f of l.risk ?? []) {
          if (!isDirectRiskFactor(f.factor)) out.push(`entity ${l.id}: risk factor ${f.factor}`);
          for (const c of f.country ?? []) country(c, `entity ${l.id} risk`);
          for (const r of f.records ?? []) record(r, `entity ${l.id} risk`);
        }
        break;
      case 'relationship':
        if (!isRelationshipType(l.type)) out.push(`relationship type ${l.type}`);
        entity(l.from, `relationship ${l.type}`);
        entity(l.to, `relationship ${l.type}`);
        if (l.from === l.to) out.push(`relationship ${l.type}: self loop ${l.from}`);
        if (l.record !== undefined && l.record !== null) record(l.record, `relationship ${l.from}->${l.to}`);
        date(l.date, 'relationship.date');
        date(l.from_date, 'relationship.from_date');
        date(l.to_date, 'relationship.to_date');
        for (const s of l.shares ?? []) {
          if (s.percentage !== undefined && (s.percentage < 0 || s.percentage > 100)) out.push(`relationship share ${s.percentage}`);
        }
        break;
      case 'possibly_same_as':
        entity(l.a, 'psa.a');
        entity(l.b, 'psa.b');
        if (l.a === l.b) out.push(`psa self pair ${l.a}`);
        break;
      default:
        break;
    }
  }
  return out;
}

const isFormer = (r: Line): boolean => typeof r.to_date === 'string' && r.to_date.slice(0, 10) < utcDay();

describe('synthetic graph generator', () => {
  const opts: GenerateOptions = { entities: 3000, seed: 42 };
  const text = generate(opts);
  const lines: Line[] = text.map((l) => JSON.parse(l));

  it('is deterministic: the same options give byte-identical output', () => {
    expect(generate(opts).join('\n')).toBe(text.join('\n'));
  });

  it('depends on the seed', () => {
    const other = generate({ ...opts, seed: 43 });
    expect(other.join('\n')).not.toBe(text.join('\n'));
  });

  it('yields lines without newlines, each one JSON object with a valid kind', () => {
    expect(text.filter((l) => l.includes('\n'))).toEqual([]);
    expect(lines.filter((l) => typeof l !== 'object' || l === null || Array.isArray(l) || !KINDS.includes(l.kind))).toEqual([]);
  });

  it('emits sources, then records, entities, relationships, possibly_same_as', () => {
    const order = lines.map((l) => KINDS.indexOf(l.kind));
    const outOfOrder = order.filter((k, i) => i > 0 && k < order[i - 1]);
    expect(outOfOrder).toEqual([]);
    for (const kind of KINDS) expect(lines.some((l) => l.kind === kind)).toBe(true);
  });

  it('produces valid lines whose references all resolve', () => {
    expect(problems(lines)).toEqual([]);
  });

  it('records mention every entity they support', () => {
    const refs = new Map<string, Set<string>>();
    for (const l of lines) if (l.kind === 'record') refs.set(l.id, new Set(l.references.map((r: Line) => r.entity)));
    const missing: string[] = [];
    for (const l of lines) {
      if (l.kind === 'entity') {
        for (const a of l.attributes) for (const r of a.records) if (!refs.get(r)?.has(l.id)) missing.push(`${l.id} ${r}`);
      } else if (l.kind === 'relationship') {
        const set = refs.get(l.record);
        if (!set?.has(l.from) || !set.has(l.to)) missing.push(`${l.from}->${l.to} ${l.record}`);
      }
    }
    expect(missing).toEqual([]);
    const records = lines.filter((l) => l.kind === 'record');
    expect(records.length).toBe(Math.ceil(opts.entities / 5));
    for (const r of records) expect(r.references.filter((x: Line) => x.type === 'about')).toHaveLength(1);
  });

  it('has exactly the requested number of entities, for several sizes', () => {
    for (const n of [0, 1, 2, 7, 101, 500]) {
      const got = generate({ entities: n, seed: 5 }).map((l) => JSON.parse(l));
      expect(got.filter((l) => l.kind === 'entity')).toHaveLength(n);
      expect(problems(got)).toEqual([]);
    }
    expect(lines.filter((l) => l.kind === 'entity')).toHaveLength(opts.entities);
  });

  it('has about factsPerEntity relationships per entity', () => {
    const rels = lines.filter((l) => l.kind === 'relationship').length;
    expect(rels / opts.entities).toBeGreaterThan(3.4);
    expect(rels / opts.entities).toBeLessThan(4.6);
    const dense = generate({ entities: 1000, seed: 9, factsPerEntity: 10 }).filter((l) => l.startsWith('{"kind":"relationship"')).length;
    expect(dense / 1000).toBeGreaterThan(8.5);
    expect(dense / 1000).toBeLessThan(11.5);
    const none = generate({ entities: 200, seed: 9, factsPerEntity: 0 }).filter((l) => l.startsWith('{"kind":"relationship"')).length;
    expect(none).toBe(0);
  });

  it('has a skewed degree distribution', () => {
    const degree = new Map<string, number>();
    for (const l of lines) {
      if (l.kind !== 'relationship') continue;
      degree.set(l.from, (degree.get(l.from) ?? 0) + 1);
      degree.set(l.to, (degree.get(l.to) ?? 0) + 1);
    }
    const entities = lines.filter((l) => l.kind === 'entity').map((l) => l.id as string);
    const values = entities.map((id) => degree.get(id) ?? 0).sort((a, b) => a - b);
    const median = values[Math.floor(values.length / 2)];
    const max = values[values.length - 1];
    expect(max).toBeGreaterThanOrEqual(10 * Math.max(median, 1));
  });

  it('mixes entity types, ownership with known and unknown shares, officers, family, former and parallel facts', () => {
    const entities = lines.filter((l) => l.kind === 'entity');
    const share = (t: string): number => entities.filter((e) => e.type === t).length / entities.length;
    expect(share('company')).toBeGreaterThan(0.5);
    expect(share('company')).toBeLessThan(0.7);
    expect(share('person')).toBeGreaterThan(0.28);
    expect(share('person')).toBeLessThan(0.42);
    expect(share('property') + share('vessel')).toBeGreaterThan(0.02);
    const rels = lines.filter((l) => l.kind === 'relationship');
    const holdings = rels.filter((r) => r.type === 'has_shareholder');
    const known = holdings.filter((r) => Array.isArray(r.shares) && r.shares.length > 0).length / holdings.length;
    expect(known).toBeGreaterThan(0.55);
    expect(known).toBeLessThan(0.85);
    for (const t of ['has_director', 'family_of', 'has_registered_agent', 'subsidiary_of', 'ships_to']) {
      expect(rels.some((r) => r.type === t)).toBe(true);
    }
    expect(rels.some(isFormer)).toBe(true);
    const recordsByFact = new Map<string, Set<string>>();
    for (const r of rels) {
      const key = `${r.type} ${r.from} ${r.to}`;
      recordsByFact.set(key, (recordsByFact.get(key) ?? new Set()).add(r.record));
    }
    const parallel = [...recordsByFact.values()].filter((records) => records.size > 1);
    expect(parallel.length).toBeGreaterThan(0);
    expect(entities.some((e) => e.closed === true)).toBe(true);
  });

  it('has about 1% possibly_same_as pairs and a few sanctioned and pep entities', () => {
    const psa = lines.filter((l) => l.kind === 'possibly_same_as');
    expect(psa.length).toBeGreaterThanOrEqual(opts.entities * 0.007);
    expect(psa.length).toBeLessThanOrEqual(opts.entities * 0.013);
    for (const p of psa) expect(Object.keys(p.matches)).toContain('name');
    const entities = lines.filter((l) => l.kind === 'entity');
    const sanctioned = entities.filter((e) => (e.risk ?? []).some((f: Line) => f.factor.startsWith('sanctioned_')));
    const pep = entities.filter((e) => (e.risk ?? []).some((f: Line) => f.factor === 'pep'));
    for (const group of [sanctioned, pep]) {
      expect(group.length).toBeGreaterThanOrEqual(3);
      expect(group.length).toBeLessThanOrEqual(opts.entities * 0.012);
    }
  });

  it('writeGenerated writes the same lines, respecting backpressure', async () => {
    const chunks: string[] = [];
    let writes = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        writes++;
        chunks.push(chunk.toString('utf8'));
        setImmediate(done);
      },
    });
    const small: GenerateOptions = { entities: 2000, seed: 11, factsPerEntity: 3 }; // a few 1 MiB chunks
    const result = await writeGenerated(small, slow);
    const expected = generate(small);
    expect(result.lines).toBe(expected.length);
    expect(chunks.join('')).toBe(`${expected.join('\n')}\n`);
    expect(writes).toBeGreaterThan(1);
  });

  it('generates 20k entities as a finite stream of lines (speed is measured by the bench, not here)', () => {
    // A runaway generator is stopped by a line cap far above what 20k entities need, not by a clock.
    const CAP = 5_000_000;
    let n = 0;
    for (const _ of generateLines({ entities: 20_000, seed: 1 })) if (++n > CAP) break;
    expect(n).toBeGreaterThan(100_000);
    expect(n).toBeLessThanOrEqual(CAP);
  });
});

describe('seed/sample.ndjson', () => {
  const candidates = [
    resolve(__dirname, '..', '..', 'seed', 'sample.ndjson'),
    resolve(__dirname, '..', '..', '..', 'seed', 'sample.ndjson'),
    join(process.cwd(), 'seed', 'sample.ndjson'),
  ];
  const path = candidates.find((p) => existsSync(p));
  if (!path) throw new Error(`seed/sample.ndjson not found (looked in ${candidates.join(', ')})`);
  const lines: Line[] = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
  const entities = lines.filter((l) => l.kind === 'entity');
  const rels = lines.filter((l) => l.kind === 'relationship');
  const byId = new Map(entities.map((e) => [e.id as string, e]));

  it('holds at least 200 entities of several types, 5 to 8 sources and 80+ records', () => {
    expect(entities.length).toBeGreaterThanOrEqual(200);
    const sources = lines.filter((l) => l.kind === 'source').length;
    expect(sources).toBeGreaterThanOrEqual(5);
    expect(sources).toBeLessThanOrEqual(8);
    expect(lines.filter((l) => l.kind === 'record').length).toBeGreaterThanOrEqual(80);
    expect(entities.filter((e) => e.type === 'property').length).toBeGreaterThanOrEqual(10);
    expect(entities.some((e) => e.type === 'vessel')).toBe(true);
  });

  it('is valid: kinds, types, countries, dates, risk factors, and every reference resolves', () => {
    expect(problems(lines)).toEqual([]);
    const ids = lines.filter((l) => 'id' in l && l.kind !== 'relationship').map((l) => `${l.kind}:${l.id}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has possibly-same-as pairs, closed entities, former relationships and unknown-share holdings', () => {
    expect(lines.filter((l) => l.kind === 'possibly_same_as').length).toBeGreaterThanOrEqual(6);
    expect(entities.some((e) => e.closed === true)).toBe(true);
    expect(rels.some(isFormer)).toBe(true);
    expect(rels.some((r) => SHARE_BEARING_TYPES.has(r.type) && r.type.startsWith('has_') && !r.shares)).toBe(true);
  });

  it('has the chains, cycle, hub and sanctions facts listed in seed/README.md', () => {
    const owners = new Map<string, string[]>();
    for (const r of rels) {
      if (!UBO_TYPES.includes(r.type)) continue;
      owners.set(r.from, [...(owners.get(r.from) ?? []), r.to]);
    }
    const depth = (from: string, to: string): number | undefined => {
      const seen = new Map([[from, 0]]);
      const queue = [from];
      while (queue.length) {
        const id = queue.shift() as string;
        for (const next of owners.get(id) ?? []) {
          if (seen.has(next)) continue;
          seen.set(next, (seen.get(id) as number) + 1);
          queue.push(next);
        }
      }
      return seen.get(to);
    };
    expect(depth('e-gb-northwind-logistics', 'p-viktor-antonov')).toBe(3);
    expect(depth('e-gb-harbourline-shipping', 'p-andreas-georgiou')).toBe(4);
    expect(depth('e-gb-oakridge-energy', 'p-dmitri-volkov')).toBe(4);
    expect(depth('e-gb-steppe-grain-exports', 'p-timur-bekov')).toBe(3);
    expect(depth('e-cy-kestrel-capital', 'e-cy-kestrel-capital')).toBe(0);
    expect(depth('e-cy-lindos-investments', 'e-cy-kestrel-capital')).toBe(1);
    expect(depth('e-cy-kestrel-capital', 'e-cy-lindos-investments')).toBe(2); // the cycle closes

    const factors = (id: string): string[] => (byId.get(id)?.risk ?? []).map((f: Line) => f.factor);
    expect(factors('p-viktor-antonov')).toEqual(expect.arrayContaining(['sanctioned_usa_ofac_sdn', 'sanctioned_gbr_hmt_ofsi', 'sanctioned_eu_sanctions']));
    expect(factors('p-timur-bekov')).toContain('pep');
    expect(factors('e-gb-northwind-logistics')).toEqual([]);

    const agentOf = rels.filter((r) => r.type === 'has_registered_agent' && r.to === 'e-gb-crown-formations').length;
    expect(agentOf).toBeGreaterThanOrEqual(30);
    const pairs = lines.filter((l) => l.kind === 'possibly_same_as').map((p) => `${p.a}~${p.b}`);
    expect(pairs).toContain('p-viktor-antonov~p-viktor-antonov-psc');
  });
});

describe('generated shipments (--shipments)', () => {
  const opts: GenerateOptions = { entities: 500, seed: 7, shipments: 400 };
  const text = generate(opts);
  const plain = generate({ ...opts, shipments: 0 });
  const shipments = text.slice(plain.length).map((l) => JSON.parse(l) as Line);

  it('adds exactly that many shipment lines after the others, which stay as they were, the same for the same seed', () => {
    expect(text.slice(0, plain.length)).toEqual(plain);
    expect(shipments.map((l) => l.kind)).toEqual(Array(400).fill('shipment'));
    expect(new Set(shipments.map((l) => l.id)).size).toBe(400);
    expect(generate(opts)).toEqual(text);
    expect(generate({ ...opts, seed: 8 }).slice(-400)).not.toEqual(text.slice(-400));
  });

  it('gives lines the ingest accepts, between two different companies of the file, citing a record of it', () => {
    const companies = new Set(plain.map((l) => JSON.parse(l) as Line).filter((l) => l.kind === 'entity' && l.type === 'company').map((l) => l.id));
    const records = new Set(plain.map((l) => JSON.parse(l) as Line).filter((l) => l.kind === 'record').map((l) => l.id));
    const bad = text.slice(plain.length).map((raw) => parseLine(raw)).filter((r) => 'error' in r);
    expect(bad).toEqual([]);
    for (const l of shipments) {
      expect([l.supplier.length, l.buyer.length, companies.has(l.supplier[0]), companies.has(l.buyer[0]), l.supplier[0] !== l.buyer[0], records.has(l.record)])
        .toEqual([1, 1, true, true, true, true]);
    }
    // Buyers are skewed (a few large importers): the busiest buyer takes far more than an even share.
    const perBuyer = new Map<string, number>();
    for (const l of shipments) perBuyer.set(l.buyer[0], (perBuyer.get(l.buyer[0]) ?? 0) + 1);
    expect(Math.max(...perBuyer.values())).toBeGreaterThan(10 * (400 / companies.size));
  });

  it('splits the city lines of the word tables into city, state and postcode', () => {
    const parts = (line: string) => { const { city, state, postcode } = shipmentAddress(line, 'XXX'); return [city, state, postcode]; };
    expect(parts('Houston, TX 77002')).toEqual(['Houston', 'TX', '77002']);
    expect(parts('Road Town, Tortola VG1110')).toEqual(['Road Town', 'Tortola', 'VG1110']);
    expect(parts('Central, Hong Kong')).toEqual(['Central', 'Hong Kong', undefined]);
    expect(parts('60311 Frankfurt am Main')).toEqual(['Frankfurt am Main', undefined, '60311']);
    expect(parts('1077 ZX Amsterdam')).toEqual(['Amsterdam', undefined, '1077 ZX']);
    expect(parts('Birmingham B3 2DT')).toEqual(['Birmingham', undefined, 'B3 2DT']);
    expect(parts('Panama City')).toEqual(['Panama City', undefined, undefined]);
    expect(shipments.filter((l) => /[0-9]/.test(l.departure_address.city + l.arrival_address.city))).toEqual([]);
  });

  it('writes none when the graph has fewer than two companies', () => {
    const tiny = generate({ entities: 1, seed: 1, shipments: 5 }).map((l) => JSON.parse(l) as Line);
    expect(tiny.filter((l) => l.kind === 'shipment')).toEqual([]);
  });
});
