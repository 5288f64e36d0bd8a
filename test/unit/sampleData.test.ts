/**
 * seed/sample.ndjson, the sample graph, read as a file: every line is well formed in the ingest
 * format (docs/ingest-format.md), and the counts and graph facts seed/README.md promises hold.
 * Pure: no services; the integration tests load the same file into Neo4j.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isCountryId } from '../../src/domain/countries';
import { isDateString } from '../../src/domain/dates';
import { isRelationshipType, UBO_TYPES, DOWNSTREAM_TYPES } from '../../src/domain/relationships';
import { isDirectRiskFactor } from '../../src/domain/risk';
import { REPO } from '../support/env';

interface Source { kind: 'source'; id: string; country: string }
interface Record_ { kind: 'record'; id: string; source: string; publication_date: string; acquisition_date: string; references: { entity: string; type: string }[] }
interface Attribute { field: string; value: string; records: string[]; from_date?: string; to_date?: string; date?: string }
interface Factor { factor: string; country?: string[]; records: string[] }
interface Entity { kind: 'entity'; id: string; type: string; attributes: Attribute[]; risk?: Factor[] }
interface Relationship { kind: 'relationship'; type: string; from: string; to: string; record: string; date?: string; from_date?: string; to_date?: string }
interface SameAs { kind: 'possibly_same_as'; a: string; b: string }

const text = fs.readFileSync(path.join(REPO, 'seed', 'sample.ndjson'), 'utf8');
const lines = text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { kind: string });
const of = <T>(kind: string) => lines.filter((l) => l.kind === kind) as unknown as T[];
const sources = of<Source>('source');
const records = new Map(of<Record_>('record').map((r) => [r.id, r]));
const entities = new Map(of<Entity>('entity').map((e) => [e.id, e]));
const rels = of<Relationship>('relationship');
const psas = of<SameAs>('possibly_same_as');

describe('seed/sample.ndjson is well formed', () => {
  test('the counts seed/README.md gives: lines, kinds and entity types', () => {
    expect(text.endsWith('\n')).toBe(true);
    expect(lines.length).toBe(820);
    expect({ sources: sources.length, records: records.size, entities: entities.size, relationships: rels.length, psa: psas.length })
      .toEqual({ sources: 8, records: 178, entities: 229, relationships: 398, psa: 7 });
    const byType: Record<string, number> = {};
    for (const e of entities.values()) byType[e.type] = (byType[e.type] ?? 0) + 1;
    expect(byType).toEqual({ company: 144, person: 54, property: 21, vessel: 7, government_organization: 2, aircraft: 1 });
    expect(lines.every((l) => ['source', 'record', 'entity', 'relationship', 'possibly_same_as'].includes(l.kind))).toBe(true);
  });

  test('ids are unique; every reference, record, date, country, factor and relationship type is valid', () => {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => { if (!ok) problems.push(what); };
    const ids = lines.map((l) => (l as { id?: string }).id).filter((id) => id !== undefined);
    check(new Set(ids).size === ids.length, 'duplicate ids');
    const sourceIds = new Set(sources.map((s) => s.id));
    for (const s of sources) check(isCountryId(s.country), `source ${s.id} country ${s.country}`);
    const referenced = new Set<string>();
    // A record cited for an entity's attribute, factor or relationship lists that entity.
    const cites = (recordId: string, entity: string) => records.get(recordId)?.references.some((x) => x.entity === entity) ?? false;
    for (const r of records.values()) {
      check(sourceIds.has(r.source), `record ${r.id} source ${r.source}`);
      for (const d of [r.publication_date, r.acquisition_date]) check(isDateString(d), `record ${r.id} date ${d}`);
      check(r.references.length > 0, `record ${r.id} references nothing`);
      for (const x of r.references) {
        check(entities.has(x.entity), `record ${r.id} references ${x.entity}`);
        referenced.add(x.entity);
      }
    }
    for (const e of entities.values()) {
      check(e.attributes.some((a) => a.field === 'name'), `entity ${e.id} has no name`);
      check(referenced.has(e.id), `entity ${e.id} is in no record`);
      for (const a of e.attributes) {
        for (const r of a.records) check(cites(r, e.id), `entity ${e.id} attribute ${a.field} record ${r}`);
        for (const d of [a.from_date, a.to_date, a.date]) if (d !== undefined) check(isDateString(d), `entity ${e.id} ${a.field} date ${d}`);
        if (a.field === 'country') check(isCountryId(a.value), `entity ${e.id} country ${a.value}`);
        if (a.field === 'date_of_birth') check(isDateString(a.value), `entity ${e.id} date_of_birth ${a.value}`);
      }
      for (const f of e.risk ?? []) {
        check(isDirectRiskFactor(f.factor), `entity ${e.id} factor ${f.factor} (derived factors are never ingested)`);
        for (const c of f.country ?? []) check(isCountryId(c), `entity ${e.id} factor country ${c}`);
        for (const r of f.records) check(cites(r, e.id), `entity ${e.id} factor record ${r}`);
      }
    }
    for (const r of rels) {
      check(isRelationshipType(r.type), `relationship type ${r.type}`);
      check(entities.has(r.from) && entities.has(r.to) && r.from !== r.to, `relationship ${r.type} ${r.from} -> ${r.to}`);
      check(cites(r.record, r.from) && cites(r.record, r.to), `relationship ${r.from} -> ${r.to} record ${r.record}`);
      for (const d of [r.date, r.from_date, r.to_date]) if (d !== undefined) check(isDateString(d), `relationship ${r.from} -> ${r.to} date ${d}`);
    }
    for (const p of psas) check(entities.has(p.a) && entities.has(p.b) && p.a !== p.b, `possibly_same_as ${p.a} ~ ${p.b}`);
    expect(problems).toEqual([]);
  });
});

const factors = (id: string) => (entities.get(id)?.risk ?? []).map((f) => f.factor);
const isSanctioned = (id: string) => factors(id).some((f) => f.startsWith('sanctioned'));
const isPep = (id: string) => factors(id).includes('pep');
const onWatchlist = (id: string) => isSanctioned(id) || isPep(id);

/** Every relationship as an undirected edge, and with `withPsa` every possibly_same_as pair too. */
function adjacency(withPsa: boolean): Map<string, Set<string>> {
  const adj = new Map([...entities.keys()].map((id) => [id, new Set<string>()]));
  const link = (a: string, b: string) => { adj.get(a)!.add(b); adj.get(b)!.add(a); };
  for (const r of rels) link(r.from, r.to);
  if (withPsa) for (const p of psas) link(p.a, p.b);
  return adj;
}

/** The nearest entities (other than `start`) that `hit` accepts, breadth first: [distance, sorted ids]. */
function nearest(start: string, adj: Map<string, Set<string>>, hit: (id: string) => boolean): [number, string[]] {
  const dist = new Map([[start, 0]]);
  const queue = [start];
  const found: string[] = [];
  let best = Infinity;
  while (queue.length) {
    const id = queue.shift()!;
    const d = dist.get(id)!;
    if (d > best) break;
    if (id !== start && hit(id)) {
      best = d;
      found.push(id);
      continue;
    }
    for (const n of adj.get(id)!) if (!dist.has(n)) { dist.set(n, d + 1); queue.push(n); }
  }
  return [best, found.sort()];
}

/** Depth of every entity reached from `start` over the ownership types, in the owner's direction. */
function uboDepths(start: string): Map<string, number> {
  const owners = new Map<string, Set<string>>();
  const add = (owned: string, owner: string) => { if (!owners.has(owned)) owners.set(owned, new Set()); owners.get(owned)!.add(owner); };
  for (const r of rels) {
    if (UBO_TYPES.includes(r.type)) add(r.from, r.to);
    else if (DOWNSTREAM_TYPES.includes(r.type)) add(r.to, r.from);
  }
  const dist = new Map([[start, 0]]);
  const queue = [start];
  while (queue.length) {
    const id = queue.shift()!;
    for (const n of owners.get(id) ?? []) if (!dist.has(n)) { dist.set(n, dist.get(id)! + 1); queue.push(n); }
  }
  return dist;
}

describe('seed/README.md: notable facts of the sample', () => {
  // [start, nearest sanctioned, nearest sanctioned or PEP, the same with psa]; null where the README asserts nothing.
  const NEAREST: [string, [number, string[]] | null, [number, string[]]?, [number, string[]]?][] = [
    ['e-gb-baltic-build-supplies', [1, ['e-ru-severstroy']]],
    ['e-cy-northwind-holdings', [2, ['p-viktor-antonov']]],
    ['e-vg-corvus-trading', [2, ['p-viktor-antonov']]],
    ['e-gb-aldermoor-trading', [2, ['e-gb-tavrida-commodities']]],
    ['e-gb-northwind-logistics', [3, ['p-viktor-antonov']]],
    ['e-gb-harbourline-group', [3, ['p-viktor-antonov']], [3, ['p-andreas-georgiou', 'p-viktor-antonov']]],
    ['e-gb-oakridge-energy-holdings', [3, ['e-gb-tavrida-commodities', 'p-dmitri-volkov']], [3, ['e-gb-tavrida-commodities', 'p-dmitri-volkov']], [2, ['p-dmitri-volkov']]],
    ['e-gb-steppe-grain-exports', null, [3, ['p-timur-bekov']], [2, ['p-timur-bekov']]],
  ];
  test.each(NEAREST)('nearest watchlist hit from %s', (start, sanctioned, watchlist = sanctioned!, withPsa = watchlist) => {
    expect(onWatchlist(start)).toBe(false);
    if (sanctioned) expect(nearest(start, adjacency(false), isSanctioned)).toEqual(sanctioned);
    expect(nearest(start, adjacency(false), onWatchlist)).toEqual(watchlist);
    expect(nearest(start, adjacency(true), onWatchlist)).toEqual(withPsa);
  });

  test.each([
    ['e-gb-northwind-logistics', { 'p-viktor-antonov': 3, 'p-elena-antonova': 3 }],
    ['e-gb-harbourline-shipping', { 'p-andreas-georgiou': 4, 'p-nikos-papadakis': 4, 'p-oliver-grant': 2 }],
    ['e-gb-oakridge-energy', { 'p-dmitri-volkov': 4, 'p-francois-lefevre': 5, 'p-joseph-camilleri': 4 }],
    ['e-gb-steppe-grain-exports', { 'p-timur-bekov': 3 }],
  ])('ownership chain of %s: its people at their depths, no natural person a direct owner', (start, persons) => {
    const depths = uboDepths(start);
    expect(Object.fromEntries(Object.keys(persons).map((p) => [p, depths.get(p)]))).toEqual(persons);
    expect([...depths].filter(([id, d]) => d === 1 && entities.get(id)!.type === 'person')).toEqual([]);
  });

  test('the ownership cycle Kestrel -> Valletta -> Lindos -> Kestrel, and the hub of 47 registered companies', () => {
    expect(uboDepths('e-cy-kestrel-capital').has('e-cy-lindos-investments')).toBe(true);
    expect(uboDepths('e-cy-lindos-investments').has('e-cy-kestrel-capital')).toBe(true);
    const registered = rels.filter((r) => r.type === 'has_registered_agent' && r.to === 'e-gb-crown-formations');
    expect(registered.length).toBe(47);
  });
});
