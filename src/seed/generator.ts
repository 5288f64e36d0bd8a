/**
 * Deterministic, seeded synthetic graph generator producing ingest-format NDJSON lines
 * (shared/design/INGEST_FORMAT.md): sources, then records, entities, relationships and
 * possibly_same_as pairs.
 *
 * Design: every entity is a pure function of (seed, index), drawn from its own small PRNG
 * stream, so any entity, its name or its outgoing facts can be recomputed at any time
 * without storing them. The only per-entity memory is the entity-type and country tables
 * and one index list per type (O(entities), about 6 bytes per entity). The relationship facts of entity i are cited by the record
 * of i's block (5 entities per record); records are emitted first, so the facts are
 * generated twice: once to learn which entities each record mentions, once to write them.
 *
 * Degree skew: a fact's target is picked from the target type's population with a
 * power-law rank (rank = floor(n * u^2)), mapped through a fixed permutation, so a few
 * companies (registered agents, holding companies) and persons (nominee directors) receive
 * thousands of facts in a large graph while the median entity has a handful.
 */
import { once } from 'node:events';

export interface GenerateOptions {
  entities: number;
  seed?: number;
  /** Average number of relationship facts per entity (default 4). */
  factsPerEntity?: number;
}

// ---------------------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------------------

/** mulberry32, re-seedable so one instance serves every entity stream. */
class Rng {
  private a = 0;
  reseed(seed: number): this {
    this.a = seed >>> 0;
    return this;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** 32-bit integer hash of (a, b, c); independent streams per entity and purpose. */
function hash3(a: number, b: number, c: number): number {
  let h = Math.imul((a ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h ^= Math.imul(c + 0x632be5ab, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

const SALT_TYPE = 1;
const SALT_ENTITY = 2;
const SALT_FACTS = 3;
const SALT_RECORD = 4;
const SALT_RISK = 5;

/** Weighted choice: `table` is [value, weight][] with weights summing to 1 (approximately). */
function weighted<T>(rng: Rng, table: ReadonlyArray<readonly [T, number]>): T {
  return weightedU(rng.next(), table);
}

function weightedU<T>(u: number, table: ReadonlyArray<readonly [T, number]>): T {
  for (const [value, weight] of table) {
    if (u < weight) return value;
    u -= weight;
  }
  return table[table.length - 1][0];
}

// ---------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------

const COMPANY_PREFIX = ['North', 'South', 'East', 'West', 'Silver', 'Golden', 'Red', 'Blue', 'Green', 'Black', 'White', 'Iron',
  'Stone', 'Oak', 'Ash', 'Elm', 'Pine', 'Cedar', 'Maple', 'Willow', 'River', 'Lake', 'Harbour', 'Bay', 'Crown', 'Royal', 'Summit',
  'Atlas', 'Orion', 'Polar', 'Meridian', 'Vector', 'Falcon', 'Eagle', 'Raven', 'Kestrel', 'Phoenix', 'Aurora', 'Horizon', 'Pioneer'];
const COMPANY_ROOT = ['bridge', 'field', 'gate', 'stone', 'wood', 'water', 'ford', 'wick', 'view', 'point', 'crest', 'haven', 'vale',
  'moor', 'ridge', 'land', 'line', 'star', 'way', 'port'];
const COMPANY_KIND = ['Holdings', 'Trading', 'Capital', 'Logistics', 'Ventures', 'Consulting', 'Shipping', 'Energy', 'Properties',
  'Investments', 'Industries', 'Solutions', 'Partners', 'Resources', 'Commodities', 'Group', 'Management', 'Services', 'Technologies',
  'Foods'];
const PURPOSE = ['Activities of other holding companies', 'Non-specialised wholesale trade', 'Management consultancy activities',
  'Sea and coastal freight water transport', 'Buying and selling of own real estate', 'Financial intermediation n.e.c.',
  'Wholesale of grain and animal feeds', 'Support activities for petroleum and natural gas extraction', 'Freight transport by road',
  'Wholesale of metals and metal ores', 'Business and domestic software development', 'Other business support service activities'];

interface CountryInfo {
  id: string;
  weight: number;
  suffixes: readonly string[];
  idType: string;
  companyType: string;
  cities: readonly string[];
  streets: readonly string[];
  culture: number; // index into CULTURES
}

const COUNTRIES: readonly CountryInfo[] = [
  { id: 'GBR', weight: 0.28, suffixes: ['Ltd', 'Limited', 'LLP', 'PLC'], idType: 'gbr_company_number', companyType: 'Private limited company',
    cities: ['London EC1V 2NX', 'Manchester M1 4BT', 'Birmingham B3 2DT', 'Leeds LS1 5AB', 'Glasgow G2 1PJ', 'Bristol BS1 4DJ'],
    streets: ['High Street', 'City Road', 'King Street', 'Victoria Road', 'Church Lane', 'Mill Road', 'Station Approach'], culture: 0 },
  { id: 'CYP', weight: 0.09, suffixes: ['Limited', 'Ltd'], idType: 'cyp_company_number', companyType: 'Private company limited by shares',
    cities: ['3026 Limassol', '1066 Nicosia', '6023 Larnaca', '8046 Paphos'],
    streets: ['Arch. Makariou III', 'Spyrou Kyprianou Avenue', 'Agias Fylaxeos', 'Griva Digeni', '28 Oktovriou Avenue'], culture: 4 },
  { id: 'VGB', weight: 0.08, suffixes: ['Ltd.', 'Limited', 'Inc.', 'Corp.'], idType: 'vgb_company_number', companyType: 'BVI Business Company',
    cities: ['Road Town, Tortola VG1110'], streets: ['Wickhams Cay I', 'Main Street', 'Waterfront Drive', 'Pasea Estate'], culture: 0 },
  { id: 'USA', weight: 0.1, suffixes: ['LLC', 'Inc.', 'Corp.', 'LP'], idType: 'usa_ein', companyType: 'Limited liability company',
    cities: ['Wilmington, DE 19801', 'New York, NY 10005', 'Houston, TX 77002', 'Miami, FL 33131', 'Cheyenne, WY 82001'],
    streets: ['Orange Street', 'Wall Street', 'Main Street', 'Brickell Avenue', 'Capitol Avenue'], culture: 0 },
  { id: 'DEU', weight: 0.05, suffixes: ['GmbH', 'AG', 'GmbH & Co. KG'], idType: 'deu_handelsregister_number', companyType: 'Gesellschaft mit beschränkter Haftung',
    cities: ['20457 Hamburg', '60311 Frankfurt am Main', '80331 München', '10117 Berlin'],
    streets: ['Hauptstraße', 'Königsallee', 'Friedrichstraße', 'Große Elbstraße'], culture: 1 },
  { id: 'NLD', weight: 0.04, suffixes: ['B.V.', 'N.V.'], idType: 'nld_kvk_number', companyType: 'Besloten vennootschap',
    cities: ['1077 ZX Amsterdam', '3011 AD Rotterdam', '2511 CV Den Haag'], streets: ['Strawinskylaan', 'Coolsingel', 'Keizersgracht'], culture: 1 },
  { id: 'RUS', weight: 0.06, suffixes: ['OOO', 'AO', 'PAO'], idType: 'ru_inn', companyType: 'Limited liability company (OOO)',
    cities: ['Moscow 119017', 'Saint Petersburg 190000', 'Yekaterinburg 620014'],
    streets: ['ul. Bolshaya Ordynka', 'Nevsky prospekt', 'ul. Tverskaya', 'Leninsky prospekt'], culture: 5 },
  { id: 'CHE', weight: 0.03, suffixes: ['AG', 'SA', 'GmbH'], idType: 'che_uid', companyType: 'Aktiengesellschaft',
    cities: ['8001 Zürich', '1204 Genève', '6300 Zug'], streets: ['Bahnhofstrasse', 'Rue du Rhône', 'Baarerstrasse'], culture: 1 },
  { id: 'FRA', weight: 0.03, suffixes: ['SAS', 'SARL', 'SA'], idType: 'fra_siren', companyType: 'Société par actions simplifiée',
    cities: ['75008 Paris', '69002 Lyon', '13001 Marseille'], streets: ['rue de la Boétie', 'avenue des Champs-Élysées', 'rue Garibaldi'], culture: 2 },
  { id: 'LUX', weight: 0.02, suffixes: ['S.à r.l.', 'S.A.', 'SCSp'], idType: 'lux_rcs_number', companyType: 'Société à responsabilité limitée',
    cities: ['L-2540 Luxembourg', 'L-1855 Luxembourg'], streets: ['rue Edward Steichen', 'avenue J.F. Kennedy', 'boulevard Royal'], culture: 2 },
  { id: 'ARE', weight: 0.03, suffixes: ['L.L.C.', 'FZE', 'FZCO', 'DMCC'], idType: 'are_trade_license', companyType: 'Free zone establishment',
    cities: ['Dubai', 'Abu Dhabi'], streets: ['Sheikh Zayed Road', 'Jumeirah Lake Towers', 'Al Maktoum Road'], culture: 0 },
  { id: 'HKG', weight: 0.02, suffixes: ['Limited', 'Co., Limited'], idType: 'hkg_company_number', companyType: 'Private company limited by shares',
    cities: ['Central, Hong Kong', 'Wan Chai, Hong Kong'], streets: ['Queen\'s Road Central', 'Connaught Road Central', 'Harbour Road'], culture: 0 },
  { id: 'MLT', weight: 0.02, suffixes: ['Limited', 'Ltd'], idType: 'mlt_company_number', companyType: 'Private limited liability company',
    cities: ['Sliema SLM 1542', 'Valletta VLT 1190'], streets: ['Triq il-Kbira', 'Tower Road', 'Republic Street'], culture: 0 },
  { id: 'PAN', weight: 0.02, suffixes: ['S.A.', 'Inc.', 'Corp.'], idType: 'pan_folio_number', companyType: 'Sociedad anónima',
    cities: ['Panama City'], streets: ['Calle 50', 'Avenida Balboa', 'Calle Aquilino de la Guardia'], culture: 3 },
  { id: 'ESP', weight: 0.02, suffixes: ['S.L.', 'S.A.'], idType: 'esp_nif', companyType: 'Sociedad limitada',
    cities: ['28009 Madrid', '08001 Barcelona', '29601 Marbella'], streets: ['Calle de Alcalá', 'Passeig de Gràcia', 'Avenida Ricardo Soriano'], culture: 3 },
  { id: 'POL', weight: 0.02, suffixes: ['Sp. z o.o.', 'S.A.'], idType: 'pol_krs_number', companyType: 'Spółka z ograniczoną odpowiedzialnością',
    cities: ['00-001 Warszawa', '70-502 Szczecin', '80-001 Gdańsk'], streets: ['ul. Marszałkowska', 'ul. Wały Chrobrego', 'ul. Długa'], culture: 6 },
  { id: 'TUR', weight: 0.02, suffixes: ['A.Ş.', 'Ltd. Şti.'], idType: 'tur_vkn', companyType: 'Anonim şirket',
    cities: ['34394 İstanbul', '33010 Mersin', '35210 İzmir'], streets: ['Büyükdere Caddesi', 'İstiklal Caddesi', 'Atatürk Bulvarı'], culture: 7 },
  { id: 'GRC', weight: 0.02, suffixes: ['S.A.', 'Ltd'], idType: 'grc_gemi_number', companyType: 'Anonymi Etaireia',
    cities: ['185 35 Piraeus', '106 71 Athens'], streets: ['Akti Miaouli', 'Vasilissis Sofias', 'Leoforos Kifisias'], culture: 4 },
  { id: 'SGP', weight: 0.02, suffixes: ['Pte. Ltd.'], idType: 'sgp_uen', companyType: 'Private company limited by shares',
    cities: ['Singapore 048619', 'Singapore 018989'], streets: ['Raffles Place', 'Marina Boulevard', 'Cecil Street'], culture: 0 },
  { id: 'NOR', weight: 0.02, suffixes: ['AS', 'ASA'], idType: 'nor_org_number', companyType: 'Aksjeselskap',
    cities: ['0150 Oslo', '5003 Bergen'], streets: ['Karl Johans gate', 'Bryggen', 'Dronning Eufemias gate'], culture: 8 },
];
const COUNTRY_TABLE: ReadonlyArray<readonly [CountryInfo, number]> = COUNTRIES.map((c) => [c, c.weight] as const);

/** Person-name cultures: [latin given, latin family, native given?, native family?] */
interface Culture {
  nationality: string;
  given: readonly string[];
  family: readonly string[];
  /** Parallel native-script lists (same length as given/family), when the culture has one. */
  nativeGiven?: readonly string[];
  nativeFamily?: readonly string[];
}
const CULTURES: readonly Culture[] = [
  { nationality: 'GBR', given: ['James', 'Oliver', 'Sarah', 'Emily', 'Thomas', 'Charlotte', 'William', 'Sophie', 'Daniel', 'Hannah', 'Michael', 'Laura', 'Niamh', 'Callum'],
    family: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', "O'Brien", 'McLeod', 'Patel', 'Khan'] },
  { nationality: 'DEU', given: ['Jürgen', 'Björn', 'Zoë', 'Lukas', 'Anna', 'Maximilian', 'Käthe', 'Felix', 'Lena', 'Jörg'],
    family: ['Müller', 'Schröder', 'Weiß', 'Becker', 'Hoffmann', 'Schäfer', 'Koch', 'Größer', 'Bauer', 'Wagner'] },
  { nationality: 'FRA', given: ['François', 'Renée', 'Hélène', 'Loïc', 'Étienne', 'Chloé', 'Jérôme', 'Amélie', 'Noël', 'Gaëlle'],
    family: ['Lefèvre', 'Dubois', 'Moreau', 'Girard', 'Bonnet', 'Fontaine', 'Mercier', 'Rousseau', 'Lambert', 'Béranger'] },
  { nationality: 'ESP', given: ['José', 'María', 'Íñigo', 'Begoña', 'Andrés', 'Lucía', 'Martín', 'Sofía', 'Raúl', 'Inés'],
    family: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Muñoz', 'Gómez'] },
  { nationality: 'CYP', given: ['Andreas', 'Maria', 'Nikos', 'Eleni', 'Costas', 'Georgia', 'Yiannis', 'Christina', 'Panayiotis', 'Sofia'],
    family: ['Georgiou', 'Christodoulou', 'Papadopoulos', 'Demetriou', 'Charalambous', 'Ioannou', 'Constantinou', 'Nicolaou', 'Savva', 'Michael'],
    nativeGiven: ['Ανδρέας', 'Μαρία', 'Νίκος', 'Ελένη', 'Κώστας', 'Γεωργία', 'Γιάννης', 'Χριστίνα', 'Παναγιώτης', 'Σοφία'],
    nativeFamily: ['Γεωργίου', 'Χριστοδούλου', 'Παπαδόπουλος', 'Δημητρίου', 'Χαραλάμπους', 'Ιωάννου', 'Κωνσταντίνου', 'Νικολάου', 'Σάββα', 'Μιχαήλ'] },
  { nationality: 'RUS', given: ['Dmitri', 'Sergei', 'Olga', 'Anna', 'Ivan', 'Yelena', 'Alexei', 'Natalia', 'Mikhail', 'Tatiana'],
    family: ['Ivanov', 'Smirnov', 'Volkov', 'Sokolov', 'Popov', 'Lebedev', 'Kozlov', 'Novikov', 'Morozov', 'Petrov'],
    nativeGiven: ['Дмитрий', 'Сергей', 'Ольга', 'Анна', 'Иван', 'Елена', 'Алексей', 'Наталья', 'Михаил', 'Татьяна'],
    nativeFamily: ['Иванов', 'Смирнов', 'Волков', 'Соколов', 'Попов', 'Лебедев', 'Козлов', 'Новиков', 'Морозов', 'Петров'] },
  { nationality: 'POL', given: ['Łukasz', 'Małgorzata', 'Paweł', 'Agnieszka', 'Wojciech', 'Zofia', 'Michał', 'Katarzyna'],
    family: ['Wójcik', 'Kowalczyk', 'Nowak', 'Wiśniewski', 'Zieliński', 'Kamiński', 'Lewandowski', 'Dąbrowski'] },
  { nationality: 'TUR', given: ['Ayşe', 'Çağrı', 'Gökhan', 'Şule', 'Mehmet', 'Elif', 'Barış', 'Özge'],
    family: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Öztürk', 'Aydın', 'Arslan'] },
  { nationality: 'NOR', given: ['Søren', 'Åsa', 'Bjørn', 'Ingrid', 'Håkon', 'Sigrid', 'Ørjan', 'Kari'],
    family: ['Ødegaard', 'Hansen', 'Johansen', 'Berg', 'Håland', 'Løvland', 'Strøm', 'Nilsen'] },
];
const CULTURE_TABLE: ReadonlyArray<readonly [number, number]> = [[0, 0.34], [1, 0.1], [2, 0.08], [3, 0.08], [4, 0.1], [5, 0.14], [6, 0.06], [7, 0.05], [8, 0.05]];

const POSITIONS = ['Director', 'Chief Executive Officer', 'Chief Financial Officer', 'Managing Director', 'Chairman', 'Company Secretary',
  'Authorised Signatory', 'Compliance Officer', 'Head of Trading', 'General Counsel'];

interface SourceDef { id: string; label: string; country: string; sourceType: string; url: string }
const SOURCES: readonly SourceDef[] = [
  { id: 'gbr_companies_house', label: 'UK Companies House', country: 'GBR', sourceType: 'company_register', url: 'https://find-and-update.company-information.service.gov.uk/' },
  { id: 'cyp_registrar', label: 'Cyprus Registrar of Companies', country: 'CYP', sourceType: 'company_register', url: 'https://efiling.drcor.mcit.gov.cy/DrcorPublic/' },
  { id: 'vgb_fsc', label: 'BVI Financial Services Commission', country: 'VGB', sourceType: 'company_register', url: 'https://www.bvifsc.vg/' },
  { id: 'xxx_corporate_registries', label: 'Other national corporate registries (aggregated)', country: 'XXX', sourceType: 'company_register', url: 'https://registries.example.org/' },
  { id: 'usa_ofac_sdn_list', label: 'OFAC Specially Designated Nationals List', country: 'USA', sourceType: 'sanctions', url: 'https://sanctionslist.ofac.treas.gov/' },
  { id: 'gbr_hmt_ofsi_list', label: 'HM Treasury OFSI Consolidated List', country: 'GBR', sourceType: 'sanctions', url: 'https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets' },
  { id: 'eu_sanctions_list', label: 'EU Consolidated Financial Sanctions List', country: 'XXX', sourceType: 'sanctions', url: 'https://data.europa.eu/' },
  { id: 'un_sc_sanctions_list', label: 'UN Security Council Consolidated List', country: 'XXX', sourceType: 'sanctions', url: 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list' },
  { id: 'xxx_pep_register', label: 'Open Register of Politically Exposed Persons', country: 'XXX', sourceType: 'pep_list', url: 'https://pep-register.example.org/' },
  { id: 'gbr_land_registry', label: 'HM Land Registry ownership data', country: 'GBR', sourceType: 'land_registry', url: 'https://use-land-property-data.service.gov.uk/' },
  { id: 'usa_import_bills_of_lading', label: 'US Import Bills of Lading', country: 'USA', sourceType: 'trade', url: 'https://manifests.example.org/' },
];
const SOURCE_BY_ID = new Map(SOURCES.map((s) => [s.id, s]));
const SOURCE_FOR_REGISTER: Record<string, string> = { GBR: 'gbr_companies_house', CYP: 'cyp_registrar', VGB: 'vgb_fsc' };
/** [factor, source id, risk country] for the sanctions lists used. */
const SANCTIONS: ReadonlyArray<readonly [string, string, string]> = [
  ['sanctioned_usa_ofac_sdn', 'usa_ofac_sdn_list', 'USA'],
  ['sanctioned_gbr_hmt_ofsi', 'gbr_hmt_ofsi_list', 'GBR'],
  ['sanctioned_eu_sanctions', 'eu_sanctions_list', 'XXX'],
  ['sanctioned_un_sc', 'un_sc_sanctions_list', 'XXX'],
];

// ---------------------------------------------------------------------------------------
// Entity model (all pure functions of seed and index)
// ---------------------------------------------------------------------------------------

const COMPANY = 0;
const PERSON = 1;
const PROPERTY = 2;
const VESSEL = 3;
const TYPE_NAMES = ['company', 'person', 'property', 'vessel'];
const ID_PREFIX = ['c', 'p', 'pr', 'v'];
/** Relative share of outgoing facts per subject type (companies are the busiest). */
const OUT_WEIGHT = [1.3, 0.55, 0.3, 0.5];

const ENTITIES_PER_RECORD = 5;
/** One entity in PSA_PERIOD is the `a` side of a possibly-same-as pair; the next one is `b`. */
const PSA_PERIOD = 100;
const PSA_OFFSET = 50;
const ZIPF_ALPHA = 2;
const HUB_RANKS = 16;
const q = JSON.stringify;
/** The `b` side of a possibly-same-as pair copies most facts about itself from `a`. */
const isDuplicate = (i: number): boolean => i % PSA_PERIOD === PSA_OFFSET + 1;
const baseOf = (i: number): number => (isDuplicate(i) ? i - 1 : i);
const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

class Model {
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
function variantName(name: string, type: number): string {
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

// ---------------------------------------------------------------------------------------
// Facts
// ---------------------------------------------------------------------------------------

interface Fact {
  type: string;
  to: number;
  record: number;
  fromDate?: string;
  toDate?: string;
  shares?: string; // pre-serialised JSON array
  position?: string;
}

const SHARE_BEARING = new Set(['has_shareholder', 'shareholder_of', 'has_beneficial_owner', 'beneficial_owner_of', 'has_owner', 'owner_of']);
const PERCENTAGES = [100, 100, 50, 25, 75, 33.33, 10, 60, 40, 51, 49, 5, 20, 12.5, 30, 70];
const CURRENCY: Record<string, string> = { GBR: 'GBP', CYP: 'EUR', DEU: 'EUR', NLD: 'EUR', FRA: 'EUR', LUX: 'EUR', ESP: 'EUR', GRC: 'EUR', MLT: 'EUR', CHE: 'CHF', RUS: 'RUB', POL: 'PLN', TUR: 'TRY', NOR: 'NOK', SGP: 'SGD', HKG: 'HKD', ARE: 'AED' };

type Table = ReadonlyArray<readonly [string, number]>;
const CC_HUB: Table = [['has_registered_agent', 0.45], ['has_shareholder', 0.35], ['receives_from', 0.1], ['has_auditor', 0.1]];
const CC: Table = [['has_shareholder', 0.33], ['subsidiary_of', 0.11], ['ships_to', 0.11], ['receives_from', 0.06], ['linked_to', 0.07],
  ['has_registered_agent', 0.07], ['branch_of', 0.03], ['has_client', 0.05], ['has_legal_predecessor', 0.02], ['shareholder_of', 0.1], ['has_auditor', 0.05]];
const CP_HUB: Table = [['has_director', 0.5], ['has_secretary', 0.2], ['has_shareholder', 0.2], ['has_officer', 0.1]];
const CP: Table = [['has_shareholder', 0.3], ['has_director', 0.3], ['has_beneficial_owner', 0.12], ['has_officer', 0.1], ['has_secretary', 0.06],
  ['has_legal_representative', 0.04], ['has_employee', 0.04], ['has_founder', 0.04]];
const PC: Table = [['shareholder_of', 0.35], ['director_of', 0.35], ['beneficial_owner_of', 0.1], ['officer_of', 0.1], ['employee_of', 0.1]];
const PP: Table = [['family_of', 0.5], ['has_associate', 0.5]];
const VC: Table = [['has_owner', 0.6], ['has_manager', 0.2], ['carrier_of', 0.2]];
const TARGET_TYPES: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [[COMPANY, 0.5], [PERSON, 0.42], [PROPERTY, 0.05], [VESSEL, 0.03]],
  [[COMPANY, 0.7], [PERSON, 0.25], [PROPERTY, 0.05]],
  [[COMPANY, 0.6], [PERSON, 0.4]],
  [[COMPANY, 0.9], [PERSON, 0.1]],
];
const POSITION_FOR: Record<string, string> = {
  has_director: 'Director', director_of: 'Director', has_secretary: 'Secretary', has_legal_representative: 'Legal representative',
  has_registered_agent: 'Registered agent', has_auditor: 'Statutory auditor', has_founder: 'Founder', has_manager: 'Technical manager',
};

function factType(rng: Rng, subject: number, target: number, hub: boolean): string {
  if (subject === COMPANY) {
    if (target === COMPANY) return weighted(rng, hub ? CC_HUB : CC);
    if (target === PERSON) return weighted(rng, hub ? CP_HUB : CP);
    if (target === PROPERTY) return 'owner_of';
    return rng.chance(0.7) ? 'owner_of' : 'manager_of';
  }
  if (subject === PERSON) {
    if (target === COMPANY) return weighted(rng, PC);
    if (target === PERSON) return hub ? 'has_associate' : weighted(rng, PP);
    return 'owner_of';
  }
  if (subject === PROPERTY) return 'has_owner';
  return target === COMPANY ? weighted(rng, VC) : 'has_owner';
}

/**
 * The outgoing facts of entity i, in a fixed order. Pure in (seed, i): both passes see the
 * same facts. Parallel facts (same pair and type, a second record) cite the next record.
 */
function factsOf(m: Model, i: number, rng: Rng, out: Fact[]): number {
  const subject = m.types[i];
  rng.reseed(hash3(m.seed, i, SALT_FACTS));
  const mean = m.outMean[subject];
  // Uniform on 0..2*mean (mean `mean`), with the fraction resolved by a coin.
  const span = 2 * mean;
  let count = Math.floor(rng.next() * (Math.floor(span) + 1));
  if (rng.chance(span - Math.floor(span))) count += rng.int(2);
  const record = m.recordOf(i);
  const canParallel = record + 1 < m.records;
  let k = 0;
  for (let f = 0; f < count; f++) {
    let targetType = weighted(rng, TARGET_TYPES[subject]);
    if (m.byType[targetType].length === 0) targetType = COMPANY;
    const list = m.byType[targetType];
    if (list.length === 0) continue;
    let to: number;
    let hub = false;
    if (targetType === PROPERTY || targetType === VESSEL) {
      to = list[rng.int(list.length)];
    } else {
      const rank = Math.floor(list.length * rng.next() ** ZIPF_ALPHA);
      hub = rank < HUB_RANKS && list.length > HUB_RANKS * 8;
      to = m.byRank(targetType, rank);
    }
    if (to === i) continue;
    const type = factType(rng, subject, targetType, hub);
    const fact: Fact = out[k] ?? (out[k] = { type, to, record });
    fact.type = type;
    fact.to = to;
    fact.record = record;
    fact.fromDate = undefined;
    fact.toDate = undefined;
    fact.shares = undefined;
    fact.position = undefined;
    const fromYear = 1995 + rng.int(28);
    const roll = rng.next();
    if (roll < 0.12) {
      fact.fromDate = `${fromYear}-${pad2(1 + rng.int(12))}`;
      const toYear = Math.min(2023, fromYear + 1 + rng.int(8));
      fact.toDate = `${toYear}-${pad2(1 + rng.int(12))}-${pad2(1 + rng.int(28))}`;
    } else if (roll < 0.6) {
      fact.fromDate = rng.chance(0.5) ? `${fromYear}-${pad2(1 + rng.int(12))}-${pad2(1 + rng.int(28))}` : String(fromYear);
    }
    if (SHARE_BEARING.has(type) && rng.chance(0.7)) {
      const pct = PERCENTAGES[rng.int(PERCENTAGES.length)];
      if (rng.chance(0.3)) {
        const owned = type === 'has_owner' || type === 'has_shareholder' || type === 'has_beneficial_owner' ? i : to;
        const currency = CURRENCY[m.country(owned).id] ?? 'USD';
        fact.shares = `[{"percentage":${pct},"monetary_value":${(1 + rng.int(999)) * 100},"currency":"${currency}"}]`;
      } else {
        fact.shares = `[{"percentage":${pct}}]`;
      }
    }
    const position = POSITION_FOR[type] ?? (type === 'has_officer' || type === 'officer_of' ? POSITIONS[rng.int(POSITIONS.length)] : undefined);
    if (position) fact.position = position;
    else if (type === 'family_of') fact.position = ['spouse', 'son', 'daughter', 'brother', 'sister', 'parent'][rng.int(6)];
    k++;
    if (canParallel && rng.chance(0.03)) {
      const twin: Fact = out[k] ?? (out[k] = { type, to, record });
      Object.assign(twin, fact, { record: record + 1 });
      k++;
    }
  }
  return k;
}

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
 * entities, relationships, possibly_same_as. The same options always give the same lines.
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
