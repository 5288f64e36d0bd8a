/** The entity model of the synthetic graph: type, country, name and hub rank of each entity, all pure functions of seed and index. */
import { hash3, Rng, SALT_ENTITY, SALT_RECORD, SALT_RISK, SALT_TYPE, weighted, weightedU } from './random';
import { COMPANY_KIND, COMPANY_PREFIX, COMPANY_ROOT, COUNTRIES, COUNTRY_TABLE, CountryInfo, CULTURE_TABLE, CULTURES, SANCTIONS, SOURCE_FOR_REGISTER } from './words';

export interface GenerateOptions {
  entities: number;
  seed?: number;
  /** Average number of relationship facts per entity (default 4). */
  factsPerEntity?: number;
  /** Shipment lines between companies (default 0), after the other lines. */
  shipments?: number;
}

// ---------------------------------------------------------------------------------------
// Entity model (all pure functions of seed and index)
// ---------------------------------------------------------------------------------------

export const COMPANY = 0;
export const PERSON = 1;
export const PROPERTY = 2;
export const VESSEL = 3;
export const TYPE_NAMES = ['company', 'person', 'property', 'vessel'];
export const ID_PREFIX = ['c', 'p', 'pr', 'v'];
/** Relative share of outgoing facts per subject type (companies are the busiest). */
export const OUT_WEIGHT = [1.3, 0.55, 0.3, 0.5];

export const ENTITIES_PER_RECORD = 5;
/** One entity in PSA_PERIOD is the `a` side of a possibly-same-as pair; the next one is `b`. */
export const PSA_PERIOD = 100;
export const PSA_OFFSET = 50;
export const ZIPF_ALPHA = 2;
export const HUB_RANKS = 16;
export const q = JSON.stringify;
/** The `b` side of a possibly-same-as pair copies most facts about itself from `a`. */
export const isDuplicate = (i: number): boolean => i % PSA_PERIOD === PSA_OFFSET + 1;
export const baseOf = (i: number): number => (isDuplicate(i) ? i - 1 : i);
export const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

export class Model {
  readonly n: number;
  readonly seed: number;
  readonly facts: number;
  readonly records: number;
  readonly types: Uint8Array;
  /** Index into COUNTRIES of each entity (a duplicate shares its original's country). */
  private readonly countries: Uint8Array;
  readonly byType: Int32Array[];
  private readonly perm: { mult: number; offset: number }[];
  readonly outMean: number[];
  private readonly rng = new Rng();

  constructor(opts: GenerateOptions) {
    const n = opts.entities;
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`entities must be a non-negative integer, got ${n}`);
    const facts = opts.factsPerEntity ?? 4;
    if (!Number.isFinite(facts) || facts < 0) throw new RangeError(`factsPerEntity must be a non-negative number, got ${facts}`);
    this.n = n;
    this.seed = (opts.seed ?? 1) >>> 0;
    this.facts = facts;
    this.records = Math.ceil(n / ENTITIES_PER_RECORD);

    this.types = new Uint8Array(n);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) {
      let t: number;
      if (isDuplicate(i)) t = this.types[i - 1];
      else {
        const u = hash3(this.seed, i, SALT_TYPE) / 4294967296;
        t = u < 0.6 ? COMPANY : u < 0.95 ? PERSON : u < 0.98 ? PROPERTY : VESSEL;
      }
      this.types[i] = t;
      counts[t]++;
    }
    this.countries = new Uint8Array(n);
    const countryIndex = new Map(COUNTRIES.map((c, k) => [c, k]));
    for (let i = 0; i < n; i++) {
      this.countries[i] = isDuplicate(i)
        ? this.countries[i - 1]
        : countryIndex.get(weightedU(hash3(this.seed, i, SALT_ENTITY + 100) / 4294967296, COUNTRY_TABLE)) as number;
    }
    this.byType = counts.map((c) => new Int32Array(c));
    const fill = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) this.byType[this.types[i]][fill[this.types[i]]++] = i;
    this.perm = counts.map((c, t) => {
      let mult = 1_000_003;
      if (c > 0 && c % mult === 0) mult = 999_983;
      return { mult, offset: hash3(this.seed, t, 77) % Math.max(c, 1) };
    });
    const totalWeight = counts.reduce((s, c, t) => s + c * OUT_WEIGHT[t], 0);
    this.outMean = OUT_WEIGHT.map((w) => (totalWeight > 0 ? (w * facts * n) / totalWeight : 0));
  }

  id(i: number): string {
    return `${ID_PREFIX[this.types[i]]}-${i}`;
  }

  recordOf(i: number): number {
    return Math.floor(i / ENTITIES_PER_RECORD);
  }

  recordId(r: number): string {
    return `r-${r}`;
  }

  /** Entity with power-law rank `rank` among entities of type t. */
  byRank(t: number, rank: number): number {
    const list = this.byType[t];
    const p = this.perm[t];
    return list[(rank * p.mult + p.offset) % list.length];
  }

  /** Date string of record r's publication, 2010-01-01 .. 2024-12-28. */
  publication(r: number): string {
    const h = hash3(this.seed, r, SALT_RECORD);
    return `${2010 + (h % 15)}-${pad2(1 + ((h >>> 4) % 12))}-${pad2(1 + ((h >>> 8) % 28))}`;
  }

  acquisition(r: number): string {
    const h = hash3(this.seed, r, SALT_RECORD);
    let y = 2010 + (h % 15);
    let m = 1 + ((h >>> 4) % 12) + 1 + ((h >>> 12) % 2);
    if (m > 12) { m -= 12; y++; }
    return `${y}-${pad2(m)}-${pad2(1 + ((h >>> 8) % 28))}`;
  }

  /** Risk of entity i: a sanctions list index, 'pep', 'state_owned' or null. */
  risk(i: number): { factor: string; source: string; country: string } | null {
    const t = this.types[i];
    if (isDuplicate(i)) return null; // psa duplicates carry no direct risk
    const h = hash3(this.seed, i, SALT_RISK);
    const u = h % 10000;
    if (t !== PROPERTY && u < 50) {
      const [factor, source, country] = SANCTIONS[(h >>> 16) % SANCTIONS.length];
      return { factor, source, country };
    }
    if (t === PERSON && u >= 50 && u < 193) return { factor: 'pep', source: 'xxx_pep_register', country: this.country(i).id };
    if (t === COMPANY && u >= 50 && u < 70) return { factor: 'state_owned', source: SOURCE_FOR_REGISTER[this.country(i).id] ?? 'xxx_corporate_registries', country: this.country(i).id };
    return null;
  }

  country(i: number): CountryInfo {
    return COUNTRIES[this.countries[i]];
  }

  /** The record about-entity: the first entity with direct risk in the block, else the first. */
  about(r: number): number {
    const start = r * ENTITIES_PER_RECORD;
    const end = Math.min(this.n, start + ENTITIES_PER_RECORD);
    for (let i = start; i < end; i++) if (this.risk(i)) return i;
    return start;
  }

  sourceOfRecord(r: number): string {
    const about = this.about(r);
    const risk = this.risk(about);
    if (risk) return risk.source;
    switch (this.types[about]) {
      case PROPERTY: return 'gbr_land_registry';
      case VESSEL: return 'usa_import_bills_of_lading';
      default: return SOURCE_FOR_REGISTER[this.country(about).id] ?? 'xxx_corporate_registries';
    }
  }

  /** Name parts of entity i (before any duplicate variation). */
  baseName(i: number): { latin: string; native?: string } {
    const t = this.types[i];
    const rng = this.rng.reseed(hash3(this.seed, i, SALT_ENTITY));
    if (t === COMPANY) {
      const c = this.country(i);
      const prefix = COMPANY_PREFIX[rng.int(COMPANY_PREFIX.length)];
      const root = COMPANY_ROOT[rng.int(COMPANY_ROOT.length)];
      const kind = COMPANY_KIND[rng.int(COMPANY_KIND.length)];
      const suffix = c.suffixes[rng.int(c.suffixes.length)];
      const tag = rng.chance(0.08) ? ` (${c.id === 'GBR' ? 'UK' : c.id === 'USA' ? 'US' : 'International'})` : '';
      return { latin: `${prefix}${root} ${kind}${tag} ${suffix}` };
    }
    if (t === PERSON) {
      const culture = CULTURES[weighted(rng, CULTURE_TABLE)];
      const g = rng.int(culture.given.length);
      const f = rng.int(culture.family.length);
      const middle = rng.chance(0.3) ? ` ${culture.given[rng.int(culture.given.length)].charAt(0)}.` : '';
      const latin = `${culture.given[g]}${middle} ${culture.family[f]}`;
      const native = culture.nativeGiven && culture.nativeFamily && rng.chance(0.7)
        ? `${culture.nativeGiven[g]} ${culture.nativeFamily[f]}` : undefined;
      return { latin, native };
    }
    if (t === PROPERTY) return { latin: this.address(i) };
    const prefix = COMPANY_PREFIX[rng.int(COMPANY_PREFIX.length)].toUpperCase();
    const noun = ['STAR', 'SPIRIT', 'TRADER', 'PIONEER', 'DAWN', 'HORIZON', 'GRACE', 'VOYAGER', 'FORTUNE', 'WIND'][rng.int(10)];
    return { latin: `${prefix} ${noun}` };
  }

  /** The display name: `b` sides of possibly-same-as pairs get a variant of `a`'s name. */
  name(i: number): { latin: string; native?: string } {
    if (isDuplicate(i)) {
      const a = this.baseName(i - 1);
      return { latin: variantName(a.latin, this.types[i]) };
    }
    return this.baseName(i);
  }

  address(i: number): string {
    const c = this.country(i);
    const rng = this.rng.reseed(hash3(this.seed, i, SALT_ENTITY + 200));
    const number = 1 + rng.int(240);
    const unit = rng.chance(0.35) ? `${['Suite', 'Office', 'Flat', 'Unit', 'Floor'][rng.int(5)]} ${1 + rng.int(40)}, ` : '';
    return `${unit}${number} ${c.streets[rng.int(c.streets.length)]}, ${c.cities[rng.int(c.cities.length)]}`;
  }

  dateOfBirth(i: number): string {
    const base = baseOf(i);
    const h = hash3(this.seed, base, SALT_ENTITY + 300);
    const y = 1940 + (h % 62);
    const m = 1 + ((h >>> 8) % 12);
    const d = 1 + ((h >>> 12) % 28);
    const precision = base === i ? (h >>> 20) % 20 : 19; // duplicates: year-month only
    if (precision < 12) return `${y}-${pad2(m)}-${pad2(d)}`;
    if (precision < 17 || base !== i) return `${y}-${pad2(m)}`;
    return String(y);
  }

  /** Identifier value and type of a company in its country. */
  companyIdentifier(i: number): [string, string] {
    const c = this.country(i);
    const h = hash3(this.seed, baseOf(i), SALT_ENTITY + 400);
    const digits = (len: number): string => String(h % 10 ** Math.min(len, 9)).padStart(len, '0');
    switch (c.id) {
      case 'GBR': return [h % 7 === 0 ? `SC${digits(6)}` : digits(8), c.idType];
      case 'CYP': return [`HE ${100000 + (h % 400000)}`, c.idType];
      case 'USA': return [`${10 + (h % 89)}-${digits(7)}`, c.idType];
      case 'DEU': return [`HRB ${1000 + (h % 250000)}`, c.idType];
      case 'RUS': return [`77${digits(8)}`, c.idType];
      default: return [digits(c.id === 'NLD' ? 8 : 7), c.idType];
    }
  }
}

/** A plausible duplicate-register spelling of a name. */
export function variantName(name: string, type: number): string {
  if (type === COMPANY) {
    return name.toUpperCase().replace(/ \((UK|US|INTERNATIONAL)\)/, '')
      .replace(/ (LIMITED|LTD)$/, (_m, suffix: string) => (suffix === 'LIMITED' ? ' LTD' : ' LIMITED'));
  }
  if (type === PERSON) {
    const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ [A-Z]\./, '')
      .replace(/ł/g, 'l').replace(/Ł/g, 'L').replace(/ø/g, 'o').replace(/Ø/g, 'O').replace(/ı/g, 'i').replace(/ß/g, 'ss');
    const parts = plain.split(' ');
    const family = parts.pop() as string;
    return `${parts.join(' ')} ${family.toUpperCase()}`;
  }
  if (type === PROPERTY) return name.toUpperCase();
  return name.replace(/ /g, '');
}
