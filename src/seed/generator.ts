/**
 * Deterministic, seeded synthetic graph generator producing ingest-format NDJSON lines
 * (docs/ingest-format.md): sources, then records, entities, relationships and
 * possibly_same_as pairs.
 *
 * Design: every entity is a pure function of (seed, index), drawn from its own small PRNG
 * stream, so any entity, its name or its outgoing facts can be recomputed at any time
 * without storing them. The only per-entity memory is the entity-type and country tables
 * and one index list per type (O(entities), about 6 bytes per entity). The relationship
 * facts of entity i are cited by the record of i's block (5 entities per record); records are
 * emitted first, so the facts are generated twice: once to learn which entities each record
 * mentions, once to write them. Parts: ./random.ts, ./words.ts, ./model.ts, ./facts.ts.
 *
 * Degree skew: a fact's target is picked from the target type's population with a
 * power-law rank (rank = floor(n * u^2)), mapped through a fixed permutation, so a few
 * companies (registered agents, holding companies) and persons (nominee directors) receive
 * thousands of facts in a large graph while the median entity has a handful.
 */
import { once } from 'node:events';
import { hash3, Rng, SALT_ENTITY, weighted } from './random';
import { CULTURE_TABLE, CULTURES, POSITIONS, PURPOSE, SOURCE_BY_ID, SourceDef, SOURCES } from './words';
import { baseOf, COMPANY, type GenerateOptions, ENTITIES_PER_RECORD, Model, pad2, PERSON, PROPERTY, PSA_OFFSET, PSA_PERIOD, q, TYPE_NAMES } from './model';
import { Fact, factsOf } from './facts';
import { shipmentLine } from './shipments';

export type { GenerateOptions } from './model';

// ---------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------

function sourceLine(s: SourceDef): string {
  return `{"kind":"source","id":${q(s.id)},"label":${q(s.label)},"country":"${s.country}","source_type":"${s.sourceType}"}`;
}

function recordLine(m: Model, r: number, mentions: Iterable<number>): string {
  const about = m.about(r);
  const source = m.sourceOfRecord(r);
  const src = SOURCE_BY_ID.get(source) as SourceDef;
  const id = m.recordId(r);
  const refs = [`{"entity":"${m.id(about)}","type":"about"}`];
  for (const e of mentions) if (e !== about) refs.push(`{"entity":"${m.id(e)}","type":"mentions"}`);
  const docs = src.sourceType === 'company_register' && r % 3 === 0 ? `,"document_urls":["${src.url}documents/${id}.pdf"]` : '';
  return `{"kind":"record","id":"${id}","label":${q(`${src.label}: filing ${r} - ${m.name(about).latin}`)},"source":"${source}",`
    + `"source_url":"${src.url}","record_url":"${src.url}records/${id}","publication_date":"${m.publication(r)}",`
    + `"acquisition_date":"${m.acquisition(r)}"${docs},"references":[${refs.join(',')}]}`;
}

function attr(field: string, value: string, recs: string, extra = ''): string {
  return `{"field":"${field}","value":${q(value)}${extra},"records":${recs}}`;
}

function entityLine(m: Model, i: number, rng: Rng): string {
  const t = m.types[i];
  const id = m.id(i);
  const recs = `["${m.recordId(m.recordOf(i))}"]`;
  const name = m.name(i);
  const attrs: string[] = [attr('name', name.latin, recs)];
  if (name.native) attrs.push(attr('name', name.native, recs));
  rng.reseed(hash3(m.seed, i, SALT_ENTITY + 500));
  let closed = false;
  const country = m.country(i);
  if (t === COMPANY) {
    const [value, type] = m.companyIdentifier(i);
    attrs.push(attr('identifier', value, recs, `,"type":"${type}"`));
    const incYear = 1990 + rng.int(34);
    attrs.push(attr('address', m.address(i), recs, rng.chance(0.5) ? `,"from_date":"${incYear}-${pad2(1 + rng.int(12))}"` : ''));
    attrs.push(attr('country', country.id, recs, ',"type":"registration"'));
    const roll = rng.next();
    const status = roll < 0.06 ? 'dissolved' : roll < 0.08 ? 'in liquidation' : roll < 0.11 ? 'dormant' : 'active';
    closed = status === 'dissolved';
    attrs.push(attr('status', status, recs, `,"date":"${Math.min(2024, incYear + 1 + rng.int(20))}-${pad2(1 + rng.int(12))}-${pad2(1 + rng.int(28))}"`));
    attrs.push(attr('company_type', country.companyType, recs));
    if (rng.chance(0.5)) attrs.push(attr('business_purpose', PURPOSE[rng.int(PURPOSE.length)], recs));
    if (rng.chance(0.2)) {
      const domain = name.latin.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '').slice(0, 24);
      attrs.push(attr('contact', `www.${domain}.com`, recs, ',"type":"website"'));
    }
  } else if (t === PERSON) {
    attrs.push(attr('date_of_birth', m.dateOfBirth(i), recs));
    const nat = nationality(m, baseOf(i));
    attrs.push(attr('country', nat, recs, ',"type":"nationality"'));
    if (rng.chance(0.6)) attrs.push(attr('country', country.id, recs, ',"type":"residence"'));
    if (rng.chance(0.5)) attrs.push(attr('identifier', `${String.fromCharCode(65 + rng.int(26))}${String(rng.int(1e8)).padStart(8, '0')}`, recs, ',"type":"passport"'));
    if (rng.chance(0.6)) attrs.push(attr('address', m.address(i), recs));
    if (rng.chance(0.3)) attrs.push(attr('position', POSITIONS[rng.int(POSITIONS.length)], recs, rng.chance(0.5) ? `,"from_date":"${2000 + rng.int(24)}"` : ''));
  } else if (t === PROPERTY) {
    attrs.push(attr('address', name.latin, recs));
    const title = country.id === 'GBR'
      ? `${['NGL', 'BGL', 'EGL', 'TGL', 'SY', 'K'][rng.int(6)]}${100000 + rng.int(900000)}` : `${country.id}-${1000000 + rng.int(9000000)}`;
    attrs.push(attr('identifier', title, recs, `,"type":"${country.id === 'GBR' ? 'gbr_title_number' : `${country.id.toLowerCase()}_cadastral_number`}"`));
    attrs.push(attr('country', country.id, recs, ',"type":"location"'));
  } else {
    const imo = 9000000 + (hash3(m.seed, baseOf(i), SALT_ENTITY + 600) % 999999);
    attrs.push(attr('identifier', String(imo), recs, ',"type":"imo_number"'));
    attrs.push(attr('country', ['PAN', 'LBR', 'MHL', 'MLT', 'CYP', 'GRC', 'SGP'][rng.int(7)], recs, ',"type":"flag"'));
  }
  const risk = m.risk(i);
  const riskPart = risk ? `,"risk":[{"factor":"${risk.factor}","value":1,"country":["${risk.country}"],"records":${recs}}]` : '';
  return `{"kind":"entity","id":"${id}","type":"${TYPE_NAMES[t]}","label":${q(name.latin)},"closed":${closed},"attributes":[${attrs.join(',')}]${riskPart}}`;
}

function nationality(m: Model, i: number): string {
  // The culture drawn for the name decides the nationality (same stream as baseName).
  const rng = new Rng().reseed(hash3(m.seed, i, SALT_ENTITY));
  return CULTURES[weighted(rng, CULTURE_TABLE)].nationality;
}

function relationshipLine(m: Model, from: number, f: Fact): string {
  let s = `{"kind":"relationship","type":"${f.type}","from":"${m.id(from)}","to":"${m.id(f.to)}","record":"${m.recordId(f.record)}",`
    + `"date":"${m.publication(f.record)}"`;
  if (f.fromDate) s += `,"from_date":"${f.fromDate}"`;
  if (f.toDate) s += `,"to_date":"${f.toDate}"`;
  if (f.shares) s += `,"shares":${f.shares}`;
  if (f.position) s += `,"position":${q(f.position)}`;
  return `${s}}`;
}

function psaLine(m: Model, a: number): string {
  const b = a + 1;
  const na = m.name(a).latin;
  const nb = m.name(b).latin;
  let matches = `"name":[{"target":${q(na)},"source":${q(nb)}}]`;
  if (m.types[a] === PERSON) matches += `,"date_of_birth":[{"target":"${m.dateOfBirth(a)}","source":"${m.dateOfBirth(b)}"}]`;
  return `{"kind":"possibly_same_as","a":"${m.id(a)}","b":"${m.id(b)}","matches":{${matches}}}`;
}

/**
 * Yields the NDJSON lines (no trailing newline) of a synthetic graph: sources, records,
 * entities, relationships, possibly_same_as, `shipments` shipments. The same options always give the same lines.
 */
export function* generateLines(opts: GenerateOptions): Generator<string> {
  const m = new Model(opts);
  const rng = new Rng();
  const buf: Fact[] = [];

  for (const s of SOURCES) yield sourceLine(s);

  // Pass 1: records, each mentioning its block's entities and the targets of their facts.
  let pending: number[] = []; // mentions carried to the next record by parallel facts
  for (let r = 0; r < m.records; r++) {
    const mentions = pending;
    pending = [];
    const start = r * ENTITIES_PER_RECORD;
    const end = Math.min(m.n, start + ENTITIES_PER_RECORD);
    for (let i = start; i < end; i++) {
      mentions.push(i);
      const k = factsOf(m, i, rng, buf);
      for (let j = 0; j < k; j++) {
        const f = buf[j];
        if (f.record === r) mentions.push(f.to);
        else pending.push(i, f.to);
      }
    }
    mentions.sort((x, y) => x - y);
    yield recordLine(m, r, mentions.filter((e, j) => j === 0 || e !== mentions[j - 1]));
  }

  for (let i = 0; i < m.n; i++) yield entityLine(m, i, rng);

  // Pass 2: the same facts, written out.
  for (let i = 0; i < m.n; i++) {
    const k = factsOf(m, i, rng, buf);
    for (let j = 0; j < k; j++) yield relationshipLine(m, i, buf[j]);
  }

  for (let a = PSA_OFFSET; a + 1 < m.n; a += PSA_PERIOD) yield psaLine(m, a);

  for (let k = 0; k < (opts.shipments ?? 0); k++) {
    const line = shipmentLine(m, k, rng);
    if (line === undefined) break;
    yield line;
  }
}

/**
 * Writes the generated lines to `out` (newline-terminated), in chunks, waiting for
 * 'drain' whenever the stream asks for it. Does not end the stream (the caller may be
 * piping through gzip or writing to stdout).
 */
export async function writeGenerated(opts: GenerateOptions, out: NodeJS.WritableStream): Promise<{ lines: number }> {
  const CHUNK = 1 << 20;
  let lines = 0;
  let buf = Buffer.allocUnsafe(CHUNK * 2);
  let used = 0;
  const flush = async (): Promise<void> => {
    if (used === 0) return;
    const chunk = Buffer.from(buf.subarray(0, used)); // a copy: the stream may hold on to it
    used = 0;
    if (!out.write(chunk)) await once(out as unknown as NodeJS.EventEmitter, 'drain');
  };
  for (const line of generateLines(opts)) {
    const need = Buffer.byteLength(line) + 1;
    if (used + need > buf.length) {
      await flush();
      if (need > buf.length) buf = Buffer.allocUnsafe(need * 2);
    }
    used += buf.write(line, used, 'utf8');
    buf[used++] = 0x0a;
    lines++;
    if (used >= CHUNK) await flush();
  }
  await flush();
  return { lines };
}
