#!/usr/bin/env node
// Builds seed/sample.ndjson: a hand-built, realistic sample graph in the ingest format
// (shared/design/INGEST_FORMAT.md). Plain Node ESM, no dependencies, deterministic:
// running it twice writes byte-identical output. Run: node seed/build-sample.mjs
//
// All people, companies, vessels and properties are fictional. The script checks its own
// output (references, relationship types, dates, countries, and the facts listed in
// seed/README.md) and exits non-zero if any check fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, 'sample.ndjson');

// ---------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------
const sources = [];
const sourceUrl = {};
const records = new Map();
const entities = new Map();
const rels = [];
const psas = [];
const counters = {};

function source(id, label, country, sourceType, url) {
  sources.push({ kind: 'source', id, label, country, source_type: sourceType });
  sourceUrl[id] = url;
}

function addDays(date, days) {
  if (date.length < 10) return date;
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** Small deterministic hash, used to make realistic-looking filing ids. */
function hash(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}
const token = (s) => Buffer.from(`${s}:${hash(s).toString(36)}`).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 24);

/**
 * A record. `about` is the entity the record is about (usually one); every entity that an
 * attribute, risk factor or relationship cites the record for is added as `mentions`.
 */
function rec(prefix, src, label, about, pub, opts = {}) {
  counters[prefix] = (counters[prefix] ?? 0) + 1;
  const id = `rec-${prefix}-${String(counters[prefix]).padStart(4, '0')}`;
  const r = {
    kind: 'record', id, label, source: src, source_url: sourceUrl[src],
    record_url: opts.url ?? `${sourceUrl[src]}records/${id}`,
    publication_date: pub, acquisition_date: addDays(pub, opts.lag ?? 6 + (hash(id) % 40)),
  };
  if (opts.docs) r.document_urls = opts.docs;
  r.references = [about].flat().filter(Boolean).map((entity) => ({ entity, type: 'about' }));
  records.set(id, r);
  return id;
}

function touch(recId, entityId) {
  const r = records.get(recId);
  if (!r) throw new Error(`record ${recId} used before it is defined`);
  if (!r.references.some((x) => x.entity === entityId)) r.references.push({ entity: entityId, type: 'mentions' });
}

const list = (x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

function ent(id, type, label, closed = false) {
  if (entities.has(id)) throw new Error(`duplicate entity ${id}`);
  entities.set(id, { kind: 'entity', id, type, label, closed, attributes: [], risk: [] });
  return id;
}

/**
 * Adds attribute values. `values` is a string, [value, type] pair, or an object
 * {v, t, r, from, to, date}, or an array of these. `recs` are the default records.
 */
function attr(entityId, field, values, recs) {
  const e = entities.get(entityId);
  for (const raw of normValues(values)) {
    const a = { field, value: raw.v };
    if (raw.t) a.type = raw.t;
    a.records = list(raw.r ?? recs);
    if (a.records.length === 0) throw new Error(`${entityId}.${field} has no records`);
    if (raw.from) a.from_date = raw.from;
    if (raw.to) a.to_date = raw.to;
    if (raw.date) a.date = raw.date;
    for (const r of a.records) touch(r, entityId);
    e.attributes.push(a);
  }
}
function normValues(values) {
  if (values === undefined || values === null) return [];
  if (typeof values === 'string') return [{ v: values }];
  if (Array.isArray(values) && values.length === 2 && typeof values[0] === 'string' && typeof values[1] === 'string'
    && !values[1].includes(' ') && /^[a-z_]+$/.test(values[1])) return [{ v: values[0], t: values[1] }];
  if (Array.isArray(values)) return values.flatMap(normValues);
  return [values];
}

function risk(entityId, factor, recs, country) {
  const e = entities.get(entityId);
  const r = { factor, value: 1, country: list(country), records: list(recs) };
  for (const x of r.records) touch(x, entityId);
  e.risk.push(r);
}

/** Percentage shareholding, optionally with a monetary value. */
const pct = (percentage, monetaryValue, currency) => [
  monetaryValue === undefined ? { percentage } : { percentage, monetary_value: monetaryValue, currency },
];

function rel(type, from, to, recId, extra = {}) {
  const r = { kind: 'relationship', type, from, to, record: recId, date: extra.date ?? records.get(recId).publication_date };
  if (extra.from) r.from_date = extra.from;
  if (extra.to) r.to_date = extra.to;
  if (extra.shares) r.shares = extra.shares;
  if (extra.position) r.position = extra.position;
  touch(recId, from);
  touch(recId, to);
  rels.push(r);
}

function psa(a, b, matches) {
  psas.push({ kind: 'possibly_same_as', a, b, matches });
}

/** A company with its usual attributes, all supported by `r` unless a value says otherwise. */
function company(id, s) {
  ent(id, 'company', s.label ?? firstValue(s.names), s.closed ?? false);
  attr(id, 'name', s.names, s.r);
  if (s.number) attr(id, 'identifier', s.number, s.r);
  attr(id, 'identifier', s.ids, s.r);
  attr(id, 'address', s.address, s.r);
  attr(id, 'country', [s.country ?? 'GBR', 'registration'], s.r);
  attr(id, 'country', s.countries, s.r);
  if (s.status) attr(id, 'status', s.status, s.r);
  if (s.kind) attr(id, 'company_type', s.kind, s.r);
  attr(id, 'business_purpose', s.purpose, s.r);
  attr(id, 'contact', s.contact, s.r);
  return id;
}

function person(id, s) {
  ent(id, 'person', s.label ?? firstValue(s.names));
  attr(id, 'name', s.names, s.r);
  attr(id, 'date_of_birth', s.dob, s.r);
  attr(id, 'country', s.countries, s.r);
  attr(id, 'identifier', s.ids, s.r);
  attr(id, 'address', s.address, s.r);
  attr(id, 'position', s.position, s.r);
  attr(id, 'gender', s.gender, s.r);
  return id;
}

function firstValue(values) {
  const v = normValues(values)[0];
  return v.v;
}

// ---------------------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------------------
const CH = 'gbr_companies_house';
const CY = 'cyp_registrar';
const OFAC = 'usa_ofac_sdn_list';
const OFSI = 'gbr_hmt_ofsi_list';
const EU = 'eu_sanctions_list';
const PEP = 'xxx_pep_register';
const LR = 'gbr_land_registry';
const BOL = 'usa_import_bills_of_lading';

source(CH, 'UK Companies House (company register, officers and PSC register)', 'GBR', 'company_register',
  'https://find-and-update.company-information.service.gov.uk/');
source(CY, 'Cyprus Department of Registrar of Companies and Intellectual Property', 'CYP', 'company_register',
  'https://efiling.drcor.mcit.gov.cy/DrcorPublic/');
source(OFAC, 'OFAC Specially Designated Nationals and Blocked Persons List', 'USA', 'sanctions',
  'https://sanctionslist.ofac.treas.gov/Home/SdnList');
source(OFSI, 'HM Treasury OFSI Consolidated List of Financial Sanctions Targets', 'GBR', 'sanctions',
  'https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets');
source(EU, 'EU Consolidated List of Persons, Groups and Entities Subject to Financial Sanctions', 'XXX', 'sanctions',
  'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions');
source(PEP, 'Open Register of Politically Exposed Persons', 'XXX', 'pep_list', 'https://pep-register.example.org/');
source(LR, 'HM Land Registry: UK and Overseas Companies that Own Property (CCOD/OCOD) and Price Paid', 'GBR', 'land_registry',
  'https://use-land-property-data.service.gov.uk/datasets/');
source(BOL, 'US Import Bills of Lading (CBP vessel manifests)', 'USA', 'trade', 'https://manifests.example.org/');

// Record builders per source -------------------------------------------------------------
const CH_BASE = 'https://find-and-update.company-information.service.gov.uk';
function chRec(number, label, about, pub, withDoc = true) {
  const url = `${CH_BASE}/company/${number}/filing-history/${token(`${number}:${label}:${pub}`)}`;
  return rec('ch', CH, label, about, pub, { url, docs: withDoc ? [`${url}/document?format=pdf&download=0`] : undefined });
}
function cyRec(number, label, about, pub) {
  const n = number.replace(/\D/g, '');
  const url = `https://efiling.drcor.mcit.gov.cy/DrcorPublic/OrganizationDetails.aspx?id=${n}&type=HE&doc=${hash(label + pub) % 900000 + 100000}`;
  return rec('cy', CY, label, about, pub, { url });
}
function ofacRec(uid, label, about, pub) {
  return rec('ofac', OFAC, label, about, pub, {
    url: `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${uid}`,
    docs: [`https://ofac.treasury.gov/recent-actions/${pub.replace(/-/g, '')}`],
  });
}
function ofsiRec(groupId, label, about, pub) {
  return rec('ofsi', OFSI, label, about, pub, {
    url: `https://sanctionssearch.ofsi.hmtreasury.gov.uk/Home/Details/${groupId}`,
    docs: ['https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.pdf'],
  });
}
function euRec(euRef, label, about, pub, celex) {
  return rec('eu', EU, label, about, pub, {
    url: `https://webgate.ec.europa.eu/fsd/fsf/public/rest/entity/${euRef}`,
    docs: [`https://eur-lex.europa.eu/legal-content/EN/TXT/PDF/?uri=CELEX:${celex}`],
  });
}
function pepRec(slug, label, about, pub) {
  return rec('pep', PEP, label, about, pub, { url: `https://pep-register.example.org/persons/${slug}` });
}
function lrRec(title, label, about, pub) {
  return rec('lr', LR, label, about, pub, {
    url: `https://search-property-information.service.gov.uk/search/title/${title}`,
    docs: [`https://search-property-information.service.gov.uk/documents/title-register/${title}.pdf`],
  });
}
function bolRec(bol, label, about, pub) {
  return rec('bol', BOL, label, about, pub, { url: `https://manifests.example.org/bol/${bol}` });
}

// ---------------------------------------------------------------------------------------
// 1. The Antonov group and the Northwind chain (depth 3, sanctioned owner at the top)
//    e-gb-northwind-logistics -100%-> e-cy-northwind-holdings -60%-> e-vg-aldgate-ventures
//    -100%-> p-viktor-antonov; e-cy-northwind-holdings -40%-> e-vg-corvus-trading -100%->
//    p-elena-antonova
// ---------------------------------------------------------------------------------------
const rOfacViktor = ofacRec('38121', 'SDN entry: ANTONOV, Viktor Sergeyevich (RUSSIA-EO14024)', 'p-viktor-antonov', '2022-04-06');
const rEuViktor = euRec('EU.7412.33', 'EU listing: Viktor Sergeyevich ANTONOV, Annex I to Regulation (EU) No 269/2014',
  'p-viktor-antonov', '2022-03-09', '32022R0396');
const rOfsiViktor = ofsiRec('14987', 'OFSI Group ID 14987: ANTONOV, Viktor Sergeyevich', 'p-viktor-antonov', '2022-03-15');
person('p-viktor-antonov', {
  label: 'Viktor Sergeyevich ANTONOV',
  names: [
    { v: 'Виктор Сергеевич Антонов', r: [rEuViktor, rOfacViktor] },
    { v: 'Viktor Sergeyevich ANTONOV', r: [rOfacViktor, rOfsiViktor, rEuViktor] },
    { v: 'Viktor Antonov', r: [rOfsiViktor] },
    { v: 'Victor Antonov', r: [rOfacViktor] },
  ],
  dob: { v: '1964-07-12', r: [rOfacViktor, rEuViktor, rOfsiViktor] },
  countries: [{ v: 'RUS', t: 'nationality', r: [rOfacViktor, rOfsiViktor] }, { v: 'CYP', t: 'residence', r: [rEuViktor] }],
  ids: [{ v: '75 4412873', t: 'passport', r: [rOfacViktor] }, { v: '773301234567', t: 'ru_inn', r: [rOfacViktor, rEuViktor] }],
  address: { v: '12 Spyrou Kyprianou Avenue, 3070 Limassol, Cyprus', r: [rEuViktor] },
  position: { v: 'Chairman of the Board of Directors, JSC Severstroy', r: [rEuViktor], from: '2009-05' },
  gender: { v: 'male', r: [rOfacViktor] },
});
risk('p-viktor-antonov', 'sanctioned_usa_ofac_sdn', rOfacViktor, 'USA');
risk('p-viktor-antonov', 'sanctioned_gbr_hmt_ofsi', rOfsiViktor, 'GBR');
risk('p-viktor-antonov', 'sanctioned_eu_sanctions', rEuViktor, 'XXX');

// JSC Severstroy: sanctioned construction group, owned by Antonov.
const rOfacSever = ofacRec('38122', 'SDN entry: JOINT STOCK COMPANY SEVERSTROY (RUSSIA-EO14024)', 'e-ru-severstroy', '2022-04-06');
const rEuSever = euRec('EU.7413.08', 'EU listing: AO SEVERSTROY, Annex I to Regulation (EU) No 269/2014', 'e-ru-severstroy', '2022-06-03', '32022R0878');
company('e-ru-severstroy', {
  label: 'JSC SEVERSTROY', r: [rOfacSever, rEuSever], country: 'RUS',
  names: [{ v: 'JSC SEVERSTROY', r: rOfacSever }, { v: 'Акционерное общество «Северстрой»', r: rEuSever }, { v: 'AO Severstroy', r: rEuSever }],
  ids: [{ v: '7705123456', t: 'ru_inn' }, { v: '1027700123456', t: 'ru_ogrn' }],
  address: 'ul. Bolshaya Ordynka 40, str. 2, Moscow 119017, Russia',
  status: 'active', kind: 'Joint stock company (AO)', purpose: { v: 'Construction of industrial and infrastructure facilities', r: rEuSever },
});
risk('e-ru-severstroy', 'sanctioned_usa_ofac_sdn', rOfacSever, 'USA');
risk('e-ru-severstroy', 'sanctioned_eu_sanctions', rEuSever, 'XXX');
rel('has_shareholder', 'e-ru-severstroy', 'p-viktor-antonov', rEuSever); // "owned by" - percentage not published
rel('linked_to', 'e-ru-severstroy', 'p-viktor-antonov', rOfacSever);
rel('has_member_of_the_board', 'e-ru-severstroy', 'p-viktor-antonov', rEuViktor, { position: 'Chairman of the Board of Directors', from: '2009-05' });

// Family: wife and son.
person('p-elena-antonova', {
  label: 'Elena Igorevna ANTONOVA',
  names: [{ v: 'Елена Игоревна Антонова', r: rOfsiViktor }, { v: 'Elena Igorevna ANTONOVA', r: rOfsiViktor }, { v: 'Yelena Antonova', r: rOfsiViktor }],
  dob: { v: '1970-02-03', r: rOfsiViktor },
  countries: [{ v: 'RUS', t: 'nationality', r: rOfsiViktor }, { v: 'CYP', t: 'residence', r: rOfsiViktor }],
  gender: { v: 'female', r: rOfsiViktor },
});
rel('family_of', 'p-viktor-antonov', 'p-elena-antonova', rOfsiViktor, { position: 'spouse' });

const rChKensIncorp = chRec('11455120', 'IN01: Incorporation - KENSINGTON MEWS PROPERTIES LTD', 'e-gb-kensington-mews-properties', '2018-07-02');
const rChKensPsc = chRec('11455120', 'PSC01: Notification of Victor Antonov as a person with significant control', 'e-gb-kensington-mews-properties', '2018-07-02');
const rChKensCs = chRec('11455120', 'CS01: Confirmation statement made on 2 July 2023', 'e-gb-kensington-mews-properties', '2023-07-14');
person('p-maxim-antonov', {
  label: 'Maxim Viktorovich ANTONOV',
  names: [{ v: 'Максим Викторович Антонов', r: rOfsiViktor }, { v: 'Maxim Viktorovich ANTONOV', r: rChKensIncorp }, { v: 'Maksim Antonov', r: rOfsiViktor }],
  dob: [{ v: '1992-03', r: rChKensIncorp }],
  countries: [{ v: 'RUS', t: 'nationality', r: rChKensIncorp }, { v: 'GBR', t: 'residence', r: rChKensIncorp }],
  address: { v: 'Flat 5, 22 Kensington Mews, London W8 5PT', r: rChKensIncorp },
  position: { v: 'Director', r: rChKensIncorp },
});
rel('family_of', 'p-viktor-antonov', 'p-maxim-antonov', rOfsiViktor, { position: 'son' });

// Victor ANTONOV as recorded by the UK PSC register (month/year of birth only): a possible duplicate.
person('p-viktor-antonov-psc', {
  names: 'Victor ANTONOV', r: rChKensPsc,
  dob: '1964-07',
  countries: [['RUS', 'nationality'], ['CYP', 'residence']],
  address: 'Correspondence address: 12 Spyrou Kyprianou Avenue, Limassol, 3070, Cyprus',
});
company('e-gb-kensington-mews-properties', {
  names: 'KENSINGTON MEWS PROPERTIES LTD', number: ['11455120', 'gbr_company_number'], r: [rChKensIncorp, rChKensCs],
  address: { v: 'Office 7, 221 Ashdown Road, London N1 7QA', from: '2018-07-02' }, status: { v: 'active', date: '2023-07-02' },
  kind: 'Private limited Company', purpose: '68209 - Other letting and operating of own or leased real estate',
});
rel('has_beneficial_owner', 'e-gb-kensington-mews-properties', 'p-viktor-antonov-psc', rChKensPsc, { from: '2018-07-02', shares: pct(75) });
rel('has_director', 'e-gb-kensington-mews-properties', 'p-maxim-antonov', rChKensIncorp, { position: 'Director', from: '2018-07-02' });

// Northwind operating company (UK) and its Cypriot and BVI holding companies.
const rChNwCs = chRec('09876543', 'CS01: Confirmation statement made on 14 March 2023 with updates', 'e-gb-northwind-logistics', '2023-03-20');
const rChNwAp = chRec('09876543', 'AP01: Appointment of Mr James Anthony Whitfield as a director', 'e-gb-northwind-logistics', '2016-03-01');
const rChNwAd = chRec('09876543', 'AD01: Change of registered office address', 'e-gb-northwind-logistics', '2018-11-19', false);
const rChNwPsc = chRec('09876543', 'PSC02: Notification of Northwind Holdings Limited as a person with significant control', 'e-gb-northwind-logistics', '2016-04-06');
company('e-gb-northwind-logistics', {
  names: 'NORTHWIND LOGISTICS LIMITED', number: ['09876543', 'gbr_company_number'], r: [rChNwCs],
  address: [
    { v: '14 Bell Lane, London E1 7LA', r: [rChNwAp, rChNwAd], from: '2016-03-01', to: '2018-11-19' },
    { v: 'Unit 5, Thameside Industrial Estate, Factory Road, London E16 2EL', r: [rChNwAd, rChNwCs], from: '2018-11-19' },
  ],
  status: { v: 'active', date: '2023-03-14' }, kind: 'Private limited Company',
  purpose: '52290 - Other transportation support activities',
  contact: [{ v: 'www.northwind-logistics.co.uk', t: 'website' }, { v: '+44 20 7946 0321', t: 'phone' }],
});
const rCyNwAr = cyRec('HE 345678', 'HE32: Annual return 2022 - NORTHWIND HOLDINGS LIMITED', 'e-cy-northwind-holdings', '2022-09-30');
const rCyNwUbo = cyRec('HE 345678', 'Register of Beneficial Owners extract - NORTHWIND HOLDINGS LIMITED', 'e-cy-northwind-holdings', '2023-02-14');
const rCyNwInc = cyRec('HE 345678', 'HE1/HE2/HE3: Incorporation documents - NORTHWIND HOLDINGS LIMITED', 'e-cy-northwind-holdings', '2015-11-23');
company('e-cy-northwind-holdings', {
  names: [{ v: 'NORTHWIND HOLDINGS LIMITED', r: [rCyNwInc, rCyNwAr] }, { v: 'ΝΟΡΘΓΟΥΙΝΤ ΧΟΛΝΤΙΝΓΚΣ ΛΙΜΙΤΕΔ', r: rCyNwInc }],
  number: ['HE 345678', 'cyp_company_number'], r: [rCyNwAr], country: 'CYP',
  address: 'Arch. Makariou III, 155, Proteas House, 5th floor, 3026 Limassol, Cyprus',
  status: { v: 'active', date: '2022-09-30' }, kind: 'Private company limited by shares',
  purpose: { v: 'Holding of investments', r: rCyNwInc },
});
rel('has_shareholder', 'e-gb-northwind-logistics', 'e-cy-northwind-holdings', rChNwCs, { from: '2016-03-01', shares: pct(100, 1000, 'GBP') });
rel('has_beneficial_owner', 'e-gb-northwind-logistics', 'e-cy-northwind-holdings', rChNwPsc, { from: '2016-04-06', shares: pct(75) });

company('e-vg-aldgate-ventures', {
  names: 'ALDGATE VENTURES LIMITED', number: ['1845521', 'vgb_company_number'], r: [rCyNwAr, rCyNwUbo], country: 'VGB',
  address: 'Harbour View Chambers, P.O. Box 4412, Road Town, Tortola VG1110, British Virgin Islands',
  kind: 'BVI Business Company',
});
company('e-vg-corvus-trading', {
  names: 'CORVUS TRADING INC.', number: ['1902277', 'vgb_company_number'], r: [rCyNwAr, rCyNwUbo], country: 'VGB',
  address: 'Harbour View Chambers, P.O. Box 4412, Road Town, Tortola VG1110, British Virgin Islands',
  kind: 'BVI Business Company',
});
rel('has_shareholder', 'e-cy-northwind-holdings', 'e-vg-aldgate-ventures', rCyNwAr, { from: '2015-11-23', shares: pct(60, 600, 'EUR') });
rel('has_shareholder', 'e-cy-northwind-holdings', 'e-vg-corvus-trading', rCyNwAr, { from: '2015-11-23', shares: pct(40, 400, 'EUR') });
// Parallel fact: the same holdings again from the incorporation documents.
rel('has_shareholder', 'e-cy-northwind-holdings', 'e-vg-aldgate-ventures', rCyNwInc, { from: '2015-11-23', shares: pct(60, 600, 'EUR') });
rel('has_shareholder', 'e-vg-aldgate-ventures', 'p-viktor-antonov', rCyNwUbo, { shares: pct(100) });
rel('has_shareholder', 'e-vg-corvus-trading', 'p-elena-antonova', rCyNwUbo, { shares: pct(100) });
attr('p-elena-antonova', 'identifier', [{ v: '72 1190456', t: 'passport', r: rCyNwUbo }]);
attr('p-viktor-antonov', 'address', [{ v: 'Villa 3, Agios Tychonas, 4521 Limassol, Cyprus', r: rCyNwUbo, date: '2023-02-14' }]);

// ---------------------------------------------------------------------------------------
// 2. Harbourline (depth 4, a PEP at the top, a former shareholder, a branch, vessels)
//    e-gb-harbourline-shipping -100%-> e-gb-harbourline-group -75%-> e-cy-meridian-maritime
//    -100%-> e-vg-blue-anchor-investments -50%/50%-> p-andreas-georgiou, p-nikos-papadakis
// ---------------------------------------------------------------------------------------
const rChHsCs = chRec('04411827', 'CS01: Confirmation statement made on 30 June 2023 with no updates', 'e-gb-harbourline-shipping', '2023-07-04');
const rChHsAcc = chRec('04411827', 'AA: Full accounts made up to 31 December 2022', 'e-gb-harbourline-shipping', '2023-09-28');
const rChHsAp = chRec('04411827', 'AP01: Appointment of Mr Nikolaos Papadakis as a director', 'e-gb-harbourline-shipping', '2014-02-03');
company('e-gb-harbourline-shipping', {
  names: [{ v: 'HARBOURLINE SHIPPING LIMITED', r: [rChHsCs, rChHsAcc] }, { v: 'HARBOURLINE FREIGHT SERVICES LIMITED', r: rChHsAcc, to: '2012-05-17' }],
  number: ['04411827', 'gbr_company_number'], r: [rChHsCs],
  address: 'Berth 42, Tilbury Docks, Tilbury, Essex RM18 7EH',
  status: { v: 'active', date: '2023-06-30' }, kind: 'Private limited Company',
  purpose: ['50200 - Sea and coastal freight water transport', '52241 - Cargo handling for water transport'],
  contact: [{ v: 'operations@harbourline-shipping.co.uk', t: 'email' }, { v: 'www.harbourline-shipping.co.uk', t: 'website' }],
});
const rChHgCs = chRec('03987612', 'CS01: Confirmation statement made on 30 June 2023 with updates', 'e-gb-harbourline-group', '2023-07-04');
const rChHgSh = chRec('03987612', 'SH01: Return of allotment and transfer of shares (Corvus Trading Inc. to Oliver Grant)', 'e-gb-harbourline-group', '2019-07-08');
company('e-gb-harbourline-group', {
  names: 'HARBOURLINE GROUP PLC', number: ['03987612', 'gbr_company_number'], r: [rChHgCs],
  address: 'Berth 42, Tilbury Docks, Tilbury, Essex RM18 7EH', status: { v: 'active', date: '2023-06-30' },
  kind: 'Public limited Company', purpose: '70100 - Activities of head offices',
});
rel('has_shareholder', 'e-gb-harbourline-shipping', 'e-gb-harbourline-group', rChHsCs, { shares: pct(100, 2500000, 'GBP') });
rel('has_subsidiary', 'e-gb-harbourline-group', 'e-gb-harbourline-shipping', rChHsAcc);

const rCyMmAr = cyRec('HE 298811', 'HE32: Annual return 2022 - MERIDIAN MARITIME HOLDINGS LIMITED', 'e-cy-meridian-maritime', '2022-12-19');
const rCyMmDir = cyRec('HE 298811', 'HE4: Change of directors and secretary - MERIDIAN MARITIME HOLDINGS LIMITED', 'e-cy-meridian-maritime', '2017-12-31');
company('e-cy-meridian-maritime', {
  names: 'MERIDIAN MARITIME HOLDINGS LIMITED', number: ['HE 298811', 'cyp_company_number'], r: [rCyMmAr], country: 'CYP',
  address: '28 Oktovriou Avenue 241, Olympion Building, 3035 Limassol, Cyprus',
  status: { v: 'active', date: '2022-12-19' }, kind: 'Private company limited by shares', purpose: 'Ship owning and holding of investments',
});
person('p-oliver-grant', {
  names: 'Oliver James GRANT', r: [rChHgCs, rChHgSh], dob: '1972-09',
  countries: [['GBR', 'nationality'], ['GBR', 'residence']], address: 'The Old Rectory, Church Lane, Rochester ME1 3PL',
  position: 'Chief Executive Officer',
});
rel('has_shareholder', 'e-gb-harbourline-group', 'e-cy-meridian-maritime', rChHgCs, { shares: pct(75) });
rel('has_shareholder', 'e-gb-harbourline-group', 'p-oliver-grant', rChHgSh, { from: '2019-07-01', shares: pct(25) });
rel('has_shareholder', 'e-gb-harbourline-group', 'e-vg-corvus-trading', rChHgSh, { from: '2014-01-10', to: '2019-06-30', shares: pct(25) });
rel('has_director', 'e-gb-harbourline-group', 'p-oliver-grant', rChHgCs, { position: 'Director and Chief Executive', from: '2011-04-01' });
rel('has_director', 'e-gb-harbourline-shipping', 'p-oliver-grant', rChHsCs, { position: 'Director', from: '2011-04-01' });

const rCyBaUbo = cyRec('HE 298811', 'Register of Beneficial Owners extract - MERIDIAN MARITIME HOLDINGS LIMITED', 'e-cy-meridian-maritime', '2023-01-31');
company('e-vg-blue-anchor-investments', {
  names: 'BLUE ANCHOR INVESTMENTS LTD', number: ['2011874', 'vgb_company_number'], r: [rCyMmAr, rCyBaUbo], country: 'VGB',
  address: 'Palm Grove House, P.O. Box 438, Road Town, Tortola VG1110, British Virgin Islands', kind: 'BVI Business Company',
});
rel('has_shareholder', 'e-cy-meridian-maritime', 'e-vg-blue-anchor-investments', rCyMmAr, { shares: pct(100, 5000, 'EUR') });

const rPepGeorgiou = pepRec('andreas-georgiou-1958', 'PEP profile: Andreas GEORGIOU, former Member of the House of Representatives of Cyprus', 'p-andreas-georgiou', '2023-05-10');
person('p-andreas-georgiou', {
  label: 'Andreas GEORGIOU', r: [rPepGeorgiou],
  names: [{ v: 'Ανδρέας Γεωργίου', r: rPepGeorgiou }, { v: 'Andreas GEORGIOU', r: [rPepGeorgiou, rCyBaUbo] }],
  dob: { v: '1958-05-21', r: [rPepGeorgiou, rCyBaUbo] },
  countries: [['CYP', 'nationality'], { v: 'CYP', t: 'residence', r: rCyBaUbo }],
  ids: { v: 'K00412876', t: 'passport', r: rCyBaUbo },
  position: { v: 'Member of the House of Representatives (Limassol)', from: '2011-06-02', to: '2021-06-10' },
  gender: 'male',
});
risk('p-andreas-georgiou', 'pep', rPepGeorgiou, 'CYP');
person('p-nikos-papadakis', {
  label: 'Nikolaos PAPADAKIS', r: [rCyBaUbo],
  names: [{ v: 'Νικόλαος Παπαδάκης', r: rCyBaUbo }, { v: 'Nikolaos PAPADAKIS', r: [rCyBaUbo, rChHsAp] }, { v: 'Nikos Papadakis', r: rChHsAp }],
  dob: [{ v: '1966', r: rCyBaUbo }, { v: '1966-08', r: rChHsAp }],
  countries: [['GRC', 'nationality'], { v: 'GBR', t: 'residence', r: rChHsAp }],
  address: { v: '7 Marine Parade, Southend-on-Sea SS1 2EJ', r: rChHsAp },
});
rel('has_shareholder', 'e-vg-blue-anchor-investments', 'p-andreas-georgiou', rCyBaUbo, { shares: pct(50) });
rel('has_shareholder', 'e-vg-blue-anchor-investments', 'p-nikos-papadakis', rCyBaUbo, { shares: pct(50) });
rel('has_director', 'e-gb-harbourline-shipping', 'p-nikos-papadakis', rChHsAp, { position: 'Director', from: '2014-02-03' });

// Andreas Georgiou as written in the Cyprus register's director list (Greek capitals).
person('p-andreas-georgiou-cy', {
  names: 'ΑΝΔΡΕΑΣ ΓΕΩΡΓΙΟΥ', r: rCyMmDir, countries: [['CYP', 'nationality']],
  address: 'Griva Digeni 56, 3101 Limassol, Cyprus',
});
rel('has_director', 'e-cy-meridian-maritime', 'p-andreas-georgiou-cy', rCyMmDir, { position: 'Director', from: '2009-03-12', to: '2017-12-31' });
const rPepEleni = pepRec('andreas-georgiou-1958', 'PEP profile: Andreas GEORGIOU - family members', 'p-andreas-georgiou', '2023-05-10');
person('p-eleni-georgiou', {
  label: 'Eleni GEORGIOU', r: rPepEleni,
  names: ['Ελένη Γεωργίου', 'Eleni GEORGIOU'], dob: '1961', countries: [['CYP', 'nationality']],
});
rel('family_of', 'p-andreas-georgiou', 'p-eleni-georgiou', rPepEleni, { position: 'spouse' });

// Branch in Rotterdam; vessels.
company('e-nl-harbourline-rotterdam-branch', {
  names: 'Harbourline Shipping Limited, Rotterdam Branch', r: rChHsAcc, country: 'NLD',
  ids: ['68112254', 'nld_kvk_number'], address: 'Waalhaven Zuidzijde 19, 3089 JH Rotterdam, Netherlands',
  kind: 'Nevenvestiging (branch of foreign company)', status: 'active',
});
rel('branch_of', 'e-nl-harbourline-rotterdam-branch', 'e-gb-harbourline-shipping', rChHsAcc, { from: '2017-01' });
const rChHsFleet = chRec('04411827', 'AA: Strategic report - fleet list 2022', 'e-gb-harbourline-shipping', '2023-09-28');
function vessel(id, s) {
  ent(id, 'vessel', s.label ?? firstValue(s.names));
  attr(id, 'name', s.names, s.r);
  attr(id, 'identifier', s.ids, s.r);
  attr(id, 'country', s.flag, s.r);
  attr(id, 'status', s.status, s.r);
  attr(id, 'additional_information', s.info, s.r);
  return id;
}
vessel('v-northern-star', {
  names: 'NORTHERN STAR', r: rChHsFleet, ids: [['9512047', 'imo_number'], ['235084512', 'mmsi']],
  flag: ['GBR', 'flag'], status: 'in service', info: 'General cargo ship, 8,450 DWT, built 2010',
});
vessel('v-aegean-spirit', {
  names: [{ v: 'AEGEAN SPIRIT' }, { v: 'CAPE MELAS', to: '2016-04' }], r: rChHsFleet,
  ids: [['9433128', 'imo_number'], ['212376000', 'mmsi']], flag: ['CYP', 'flag'], status: 'in service',
  info: 'Bulk carrier, 32,100 DWT, built 2008',
});
rel('has_owner', 'v-northern-star', 'e-gb-harbourline-shipping', rChHsFleet, { from: '2012-09', shares: pct(100) });
rel('has_owner', 'v-aegean-spirit', 'e-cy-meridian-maritime', rChHsFleet, { from: '2016-04', shares: pct(100) });
rel('has_manager', 'v-aegean-spirit', 'e-gb-harbourline-shipping', rChHsFleet, { position: 'Commercial manager' });

// ---------------------------------------------------------------------------------------
// 3. Oakridge (depth 4, unknown shares, sanctioned owner at the top, a cross-holding cycle)
//    e-gb-oakridge-energy -100%-> e-gb-oakridge-energy-holdings -100%-> e-cy-kestrel-capital
//    -80%-> e-vg-silverline-holdings -(unknown)-> p-dmitri-volkov
//    cycle: e-cy-kestrel-capital holds 30% of e-cy-lindos-investments, which holds 45% of
//    e-mt-valletta-marine-holdings, which holds 20% of e-cy-kestrel-capital
// ---------------------------------------------------------------------------------------
const rChOeCs = chRec('07712345', 'CS01: Confirmation statement made on 5 May 2023 with no updates', 'e-gb-oakridge-energy', '2023-05-11');
const rChOeAcc = chRec('07712345', 'AA: Group of companies accounts made up to 31 December 2022', 'e-gb-oakridge-energy', '2023-09-22');
company('e-gb-oakridge-energy', {
  names: 'OAKRIDGE ENERGY SERVICES LIMITED', number: ['07712345', 'gbr_company_number'], r: [rChOeCs],
  address: 'Oakridge House, 3 Wellington Street, Aberdeen AB11 5BT', status: { v: 'active', date: '2023-05-05' },
  kind: 'Private limited Company', purpose: ['09100 - Support activities for petroleum and natural gas extraction'],
  contact: [['www.oakridge-energy.co.uk', 'website']],
});
const rChOhCs = chRec('07712001', 'CS01: Confirmation statement made on 5 May 2023 with updates', 'e-gb-oakridge-energy-holdings', '2023-05-11');
const rChOhTm = chRec('07712001', 'TM01: Termination of appointment of Dmitry Volkov as a director', 'e-gb-oakridge-energy-holdings', '2018-05-03');
company('e-gb-oakridge-energy-holdings', {
  names: 'OAKRIDGE ENERGY HOLDINGS LIMITED', number: ['07712001', 'gbr_company_number'], r: [rChOhCs],
  address: 'Oakridge House, 3 Wellington Street, Aberdeen AB11 5BT', status: 'active',
  kind: 'Private limited Company', purpose: '64209 - Activities of other holding companies n.e.c.',
});
rel('has_shareholder', 'e-gb-oakridge-energy', 'e-gb-oakridge-energy-holdings', rChOeCs, { shares: pct(100) });
rel('has_shareholder', 'e-gb-oakridge-energy-holdings', 'e-cy-kestrel-capital', rChOhCs, { from: '2014-10-01', shares: pct(100, 10000, 'GBP') });

const rCyKcAr = cyRec('HE 301455', 'HE32: Annual return 2022 - KESTREL CAPITAL LIMITED', 'e-cy-kestrel-capital', '2022-11-08');
const rCyLiAr = cyRec('HE 310022', 'HE32: Annual return 2022 - LINDOS INVESTMENTS LIMITED', 'e-cy-lindos-investments', '2022-10-17');
company('e-cy-kestrel-capital', {
  names: 'KESTREL CAPITAL LIMITED', number: ['HE 301455', 'cyp_company_number'], r: rCyKcAr, country: 'CYP',
  address: 'Agias Fylaxeos 110, Kofteros Business Center, 3087 Limassol, Cyprus', status: 'active',
  kind: 'Private company limited by shares', purpose: 'Holding of investments and financing activities',
});
company('e-cy-lindos-investments', {
  names: 'LINDOS INVESTMENTS LIMITED', number: ['HE 310022', 'cyp_company_number'], r: rCyLiAr, country: 'CYP',
  address: 'Agias Fylaxeos 110, Kofteros Business Center, 3087 Limassol, Cyprus', status: 'active',
  kind: 'Private company limited by shares', purpose: 'Holding of investments',
});
const rChOeMt = chRec('07712345', 'AA: Group accounts - note 14: related undertakings and controlling parties', 'e-gb-oakridge-energy', '2023-09-22', false);
company('e-mt-valletta-marine-holdings', {
  names: 'VALLETTA MARINE HOLDINGS LIMITED', number: ['C 81234', 'mlt_company_number'], r: [rCyKcAr, rChOeMt], country: 'MLT',
  address: 'Level 3, Tower Business Centre, Tower Street, Swatar BKR 4013, Malta', kind: 'Private limited liability company',
});
company('e-vg-silverline-holdings', {
  names: 'SILVERLINE HOLDINGS LTD.', number: ['1780342', 'vgb_company_number'], r: [rCyKcAr], country: 'VGB',
  address: 'Harbour View Chambers, P.O. Box 4412, Road Town, Tortola VG1110, British Virgin Islands',
  kind: 'BVI Business Company',
});
rel('has_shareholder', 'e-cy-kestrel-capital', 'e-vg-silverline-holdings', rCyKcAr, { shares: pct(80) });
rel('has_shareholder', 'e-cy-kestrel-capital', 'e-mt-valletta-marine-holdings', rCyKcAr, { shares: pct(20) });
rel('has_shareholder', 'e-cy-lindos-investments', 'e-cy-kestrel-capital', rCyLiAr, { shares: pct(30) });
rel('has_shareholder', 'e-mt-valletta-marine-holdings', 'e-cy-lindos-investments', rChOeMt, { shares: pct(45) });

const rPepLefevre = rec('pep', PEP, 'Register of interests: François LEFÈVRE (non-PEP business associate entry)', 'p-francois-lefevre', '2022-08-19',
  { url: 'https://pep-register.example.org/persons/francois-lefevre-1969' });
person('p-francois-lefevre', {
  names: [{ v: 'François LEFÈVRE', r: [rCyLiAr, rPepLefevre] }, { v: 'Francois LEFEVRE', r: rCyLiAr }], r: rCyLiAr,
  dob: '1969-12-01', countries: [['FRA', 'nationality'], ['MCO', 'residence']],
  address: '17 Avenue Princesse Grace, 98000 Monaco', ids: ['14AB52231', 'passport'],
});
rel('has_shareholder', 'e-cy-lindos-investments', 'p-francois-lefevre', rCyLiAr, { shares: pct(70) });
person('p-joseph-camilleri', {
  names: 'Joseph CAMILLERI', r: rChOeMt, dob: '1977', countries: [['MLT', 'nationality']], address: 'Triq il-Kbira 12, Sliema SLM 1542, Malta',
});
rel('has_shareholder', 'e-mt-valletta-marine-holdings', 'p-joseph-camilleri', rChOeMt); // percentage not disclosed

const rOfsiVolkov = ofsiRec('15502', 'OFSI Group ID 15502: VOLKOV, Dmitri Aleksandrovich', 'p-dmitri-volkov', '2022-05-04');
const rEuVolkov = euRec('EU.7689.12', 'EU listing: Dmitri Aleksandrovich VOLKOV, Annex I to Regulation (EU) No 269/2014', 'p-dmitri-volkov', '2022-07-21', '32022R1270');
person('p-dmitri-volkov', {
  label: 'Dmitri Aleksandrovich VOLKOV', r: [rOfsiVolkov, rEuVolkov],
  names: [{ v: 'Дмитрий Александрович Волков', r: rEuVolkov }, { v: 'Dmitri Aleksandrovich VOLKOV' }, { v: 'Dmitriy Volkov', r: rOfsiVolkov }],
  dob: '1971-11-04', countries: [['RUS', 'nationality'], { v: 'LVA', t: 'residence', r: rOfsiVolkov }],
  ids: [{ v: '76 0923114', t: 'passport', r: rOfsiVolkov }, { v: '500100732259', t: 'ru_inn', r: rEuVolkov }],
  position: { v: 'Beneficial owner, Silverline Holdings Ltd', r: rOfsiVolkov }, gender: 'male',
});
risk('p-dmitri-volkov', 'sanctioned_gbr_hmt_ofsi', rOfsiVolkov, 'GBR');
risk('p-dmitri-volkov', 'sanctioned_eu_sanctions', rEuVolkov, 'XXX');
risk('p-dmitri-volkov', 'reputational_risk_financial_crime_recent', rOfsiVolkov, 'GBR');
rel('has_shareholder', 'e-vg-silverline-holdings', 'p-dmitri-volkov', rOfsiVolkov); // "owns or controls" - percentage unknown
rel('has_associate', 'p-viktor-antonov', 'p-dmitri-volkov', rEuVolkov, { position: 'business associate' });

// Dmitry VOLKOV as a UK officer (month/year of birth only): a possible duplicate.
person('p-dmitry-volkov-ch', {
  names: 'Dmitry VOLKOV', r: rChOhTm, dob: '1971-11', countries: [['RUS', 'nationality'], ['LVA', 'residence']],
  address: 'Brivibas iela 85-12, Riga LV-1001, Latvia',
});
rel('has_director', 'e-gb-oakridge-energy-holdings', 'p-dmitry-volkov-ch', rChOhTm, { position: 'Director', from: '2014-10-01', to: '2018-04-30' });

// Oakridge subsidiaries and officers.
company('e-de-oakridge-energie', {
  names: 'Oakridge Energie GmbH', r: rChOeAcc, country: 'DEU', ids: ['HRB 184412', 'deu_handelsregister_number'],
  address: 'Am Sandtorkai 54, 20457 Hamburg, Germany', kind: 'Gesellschaft mit beschränkter Haftung', status: 'active',
});
company('e-pl-oakridge-energia', {
  names: 'Oakridge Energia Sp. z o.o.', r: rChOeAcc, country: 'POL', ids: ['0000712234', 'pol_krs_number'],
  address: 'ul. Wały Chrobrego 4, 70-502 Szczecin, Poland', kind: 'Spółka z ograniczoną odpowiedzialnością', status: 'active',
});
rel('subsidiary_of', 'e-de-oakridge-energie', 'e-gb-oakridge-energy', rChOeAcc, { shares: pct(100) });
rel('subsidiary_of', 'e-pl-oakridge-energia', 'e-gb-oakridge-energy', rChOeAcc, { shares: pct(100) });
person('p-fiona-mcleod', {
  names: 'Fiona Margaret McLEOD', r: [rChOeCs], dob: '1968-03', countries: [['GBR', 'nationality'], ['GBR', 'residence']],
  address: '41 Queen\'s Road, Aberdeen AB15 4ZN',
});
person('p-lukasz-wojcik', {
  names: [{ v: 'Łukasz WÓJCIK' }, { v: 'Lukasz WOJCIK' }], r: rChOeAcc, dob: '1981', countries: [['POL', 'nationality']],
  position: 'Prezes Zarządu (Management Board President), Oakridge Energia Sp. z o.o.',
});
person('p-hans-becker', {
  names: 'Hans-Jürgen BECKER', r: rChOeAcc, countries: [['DEU', 'nationality']], position: 'Geschäftsführer, Oakridge Energie GmbH',
});
rel('has_director', 'e-gb-oakridge-energy', 'p-fiona-mcleod', rChOeCs, { position: 'Managing Director', from: '2015-01-12' });
rel('has_director', 'e-gb-oakridge-energy-holdings', 'p-fiona-mcleod', rChOhCs, { position: 'Director', from: '2018-05-01' });
rel('has_executive', 'e-pl-oakridge-energia', 'p-lukasz-wojcik', rChOeAcc, { position: 'Prezes Zarządu' });
rel('has_manager', 'e-de-oakridge-energie', 'p-hans-becker', rChOeAcc, { position: 'Geschäftsführer' });

// ---------------------------------------------------------------------------------------
// 4. Steppe Grain (depth 3, PEP at the top, a state-owned co-owner)
//    e-gb-steppe-grain-exports -100%-> e-nl-steppe-agri-holding -70%-> e-cy-tengri-investments
//    -100%-> p-timur-bekov (PEP); e-nl-steppe-agri-holding -30%-> e-kz-national-grain-corporation
// ---------------------------------------------------------------------------------------
const rChSgCs = chRec('10234567', 'CS01: Confirmation statement made on 1 June 2023 with no updates', 'e-gb-steppe-grain-exports', '2023-06-06');
const rChSgPsc = chRec('10234567', 'PSC02: Notification of Steppe Agri Holding B.V. as a person with significant control', 'e-gb-steppe-grain-exports', '2016-06-30');
const rChSgAp = chRec('10234567', 'AP01: Appointment of Mr Timur Bekov as a director', 'e-gb-steppe-grain-exports', '2016-06-01');
const rChSgTm = chRec('10234567', 'TM01: Termination of appointment of Timur Bekov as a director', 'e-gb-steppe-grain-exports', '2019-02-18');
company('e-gb-steppe-grain-exports', {
  names: 'STEPPE GRAIN EXPORTS LTD', number: ['10234567', 'gbr_company_number'], r: [rChSgCs],
  address: '2nd Floor, 48 Mark Lane, London EC3R 7QR', status: 'active', kind: 'Private limited Company',
  purpose: '46210 - Wholesale of grain, unmanufactured tobacco, seeds and animal feeds',
});
const rPepBekov = pepRec('timur-bekov-1975', 'PEP profile: Timur Serikovich BEKOV, Vice Minister of Agriculture of Kazakhstan', 'p-timur-bekov', '2023-03-02');
company('e-nl-steppe-agri-holding', {
  names: 'Steppe Agri Holding B.V.', r: [rChSgPsc, rPepBekov], country: 'NLD', ids: ['71234567', 'nld_kvk_number'],
  address: 'Strawinskylaan 3051, 1077 ZX Amsterdam, Netherlands', kind: 'Besloten vennootschap', status: 'active',
});
rel('has_shareholder', 'e-gb-steppe-grain-exports', 'e-nl-steppe-agri-holding', rChSgCs, { shares: pct(100) });
rel('has_beneficial_owner', 'e-gb-steppe-grain-exports', 'e-nl-steppe-agri-holding', rChSgPsc, { from: '2016-06-30', shares: pct(75) });

const rCyTiAr = cyRec('HE 356701', 'HE32: Annual return 2022 - TENGRI INVESTMENTS LIMITED', 'e-cy-tengri-investments', '2022-08-25');
company('e-cy-tengri-investments', {
  names: 'TENGRI INVESTMENTS LIMITED', number: ['HE 356701', 'cyp_company_number'], r: [rCyTiAr, rPepBekov], country: 'CYP',
  address: 'Arch. Makariou III, 155, Proteas House, 5th floor, 3026 Limassol, Cyprus', status: 'active',
  kind: 'Private company limited by shares',
});
const rPepGrain = pepRec('timur-bekov-1975', 'PEP profile: Timur Serikovich BEKOV - related companies', 'p-timur-bekov', '2023-03-02');
company('e-kz-national-grain-corporation', {
  label: 'NATIONAL GRAIN CORPORATION JSC', r: [rPepGrain], country: 'KAZ',
  names: ['NATIONAL GRAIN CORPORATION JSC', 'АО «Национальная зерновая корпорация»', '«Ұлттық астық корпорациясы» АҚ'],
  ids: ['990340001234', 'kaz_bin'], address: 'Kabanbay Batyr Avenue 17, Astana 010000, Kazakhstan', status: 'active',
  kind: 'Joint stock company', purpose: 'State grain procurement, storage and export',
});
risk('e-kz-national-grain-corporation', 'state_owned', rPepGrain, 'KAZ');
rel('has_shareholder', 'e-nl-steppe-agri-holding', 'e-cy-tengri-investments', rPepGrain, { shares: pct(70) });
rel('has_shareholder', 'e-nl-steppe-agri-holding', 'e-kz-national-grain-corporation', rPepGrain, { shares: pct(30) });

person('p-timur-bekov', {
  label: 'Timur Serikovich BEKOV', r: [rPepBekov],
  names: [{ v: 'Тимур Серикович Беков' }, { v: 'Timur Serikovich BEKOV', r: [rPepBekov, rCyTiAr] }, { v: 'Bekov Timur' }],
  dob: { v: '1975-01-30', r: [rPepBekov, rCyTiAr] }, countries: [['KAZ', 'nationality'], { v: 'KAZ', t: 'residence', r: rCyTiAr }],
  ids: { v: 'N11893452', t: 'passport', r: rCyTiAr },
  position: { v: 'Vice Minister of Agriculture of the Republic of Kazakhstan', from: '2019-02-20' }, gender: 'male',
});
risk('p-timur-bekov', 'pep', rPepBekov, 'KAZ');
risk('p-timur-bekov', 'reputational_risk_bribery_and_corruption_historic', rPepBekov, 'KAZ');
rel('has_shareholder', 'e-cy-tengri-investments', 'p-timur-bekov', rCyTiAr, { shares: pct(100, 1000, 'EUR') });
person('p-aigerim-bekova', {
  label: 'Aigerim BEKOVA', r: rPepBekov, names: ['Айгерим Бекова', 'Aigerim BEKOVA'], dob: '1979-06', countries: [['KAZ', 'nationality']],
});
rel('family_of', 'p-timur-bekov', 'p-aigerim-bekova', rPepBekov, { position: 'spouse' });

// Timur BEKOV as a former UK director: a possible duplicate.
person('p-timur-bekov-ch', {
  names: 'Timur BEKOV', r: [rChSgAp, rChSgTm], dob: '1975-01', countries: [['KAZ', 'nationality'], ['KAZ', 'residence']],
  address: 'Dostyk Avenue 38, Almaty 050010, Kazakhstan',
});
rel('has_director', 'e-gb-steppe-grain-exports', 'p-timur-bekov-ch', rChSgTm, { position: 'Director', from: '2016-06-01', to: '2019-02-18' });

// ---------------------------------------------------------------------------------------
// 5. Baltic Build (directly owned 51% by a sanctioned company), Promtekhbank (state-owned,
//    sanctioned) and its Cypriot subsidiary.
// ---------------------------------------------------------------------------------------
const rChBbCs = chRec('08561234', 'CS01: Confirmation statement made on 9 January 2023 with no updates', 'e-gb-baltic-build-supplies', '2023-01-12');
const rChBbDq = chRec('08561234', 'Disqualification order: Gareth Owen HUGHES (Company Directors Disqualification Act 1986)', 'p-gareth-hughes', '2021-10-05', false);
company('e-gb-baltic-build-supplies', {
  names: 'BALTIC BUILD SUPPLIES LIMITED', number: ['08561234', 'gbr_company_number'], r: rChBbCs,
  address: '3 Riverside Way, Gateshead NE8 2BY', status: 'active', kind: 'Private limited Company',
  purpose: '46730 - Wholesale of wood, construction materials and sanitary equipment',
});
person('p-gareth-hughes', {
  names: 'Gareth Owen HUGHES', r: [rChBbCs, rChBbDq], dob: '1966-04', countries: [['GBR', 'nationality']],
  address: '9 Heaton Road, Newcastle upon Tyne NE6 1SA',
});
risk('p-gareth-hughes', 'regulatory_action', rChBbDq, 'GBR');
rel('has_shareholder', 'e-gb-baltic-build-supplies', 'e-ru-severstroy', rChBbCs, { shares: pct(51) });
rel('has_shareholder', 'e-gb-baltic-build-supplies', 'p-gareth-hughes', rChBbCs, { shares: pct(49) });
rel('has_director', 'e-gb-baltic-build-supplies', 'p-gareth-hughes', rChBbCs, { position: 'Director', from: '2013-06-10', to: '2021-10-05' });

const rEuPtb = euRec('EU.7501.44', 'EU listing: PJSC PROMTEKHBANK, Annex XIV to Regulation (EU) No 833/2014', 'e-ru-promtekhbank', '2022-02-28', '32022R0328');
const rOfacPtb = ofacRec('38201', 'SDN entry: PUBLIC JOINT STOCK COMPANY PROMTEKHBANK (RUSSIA-EO14024)', 'e-ru-promtekhbank', '2022-02-24');
company('e-ru-promtekhbank', {
  label: 'PJSC PROMTEKHBANK', r: [rEuPtb, rOfacPtb], country: 'RUS',
  names: [{ v: 'PJSC PROMTEKHBANK' }, { v: 'Публичное акционерное общество «Промтехбанк»', r: rEuPtb }, { v: 'PROMTEKHBANK', r: rOfacPtb }],
  ids: [['7744000912', 'ru_inn'], { v: 'PRTBRUMM', t: 'swift_bic', r: rOfacPtb }], address: 'Sadovaya-Kudrinskaya ul. 11, Moscow 123001, Russia',
  status: 'active', kind: 'Public joint stock company (PAO)', purpose: 'Banking',
});
risk('e-ru-promtekhbank', 'sanctioned_usa_ofac_sdn', rOfacPtb, 'USA');
risk('e-ru-promtekhbank', 'sanctioned_eu_sanctions', rEuPtb, 'XXX');
risk('e-ru-promtekhbank', 'state_owned_rus', rEuPtb, 'RUS');
ent('e-ru-federal-property-agency', 'government_organization', 'Federal Agency for State Property Management (Rosimushchestvo)');
attr('e-ru-federal-property-agency', 'name', ['Federal Agency for State Property Management (Rosimushchestvo)', 'Федеральное агентство по управлению государственным имуществом'], rEuPtb);
attr('e-ru-federal-property-agency', 'country', [['RUS', 'registration']], rEuPtb);
attr('e-ru-federal-property-agency', 'address', 'Nikolsky pereulok 9, Moscow 109012, Russia', rEuPtb);
rel('has_shareholder', 'e-ru-promtekhbank', 'e-ru-federal-property-agency', rEuPtb, { shares: pct(87.5) });
rel('credits_to', 'e-ru-promtekhbank', 'e-ru-severstroy', rOfacSever, { position: 'Syndicated credit facility (RUB 12bn)', from: '2019-09' });

const rCyPfAr = cyRec('HE 402117', 'HE32: Annual return 2021 - PROMTEKH FINANCE (CYPRUS) LIMITED', 'e-cy-promtekh-finance', '2021-12-20');
company('e-cy-promtekh-finance', {
  names: 'PROMTEKH FINANCE (CYPRUS) LIMITED', number: ['HE 402117', 'cyp_company_number'], r: rCyPfAr, country: 'CYP',
  address: 'Arch. Makariou III, 155, Proteas House, 5th floor, 3026 Limassol, Cyprus', status: 'active',
  kind: 'Private company limited by shares', purpose: 'Treasury and intra-group financing',
});
rel('subsidiary_of', 'e-cy-promtekh-finance', 'e-ru-promtekhbank', rCyPfAr, { shares: pct(100) });

// ---------------------------------------------------------------------------------------
// 6. Sanctioned vessel SEA FALCON, its owner and manager
// ---------------------------------------------------------------------------------------
const rOfacFalcon = ofacRec('38417', 'SDN entry: SEA FALCON (vessel) IMO 9387412 (RUSSIA-EO14024)', 'v-sea-falcon', '2022-09-15');
const rOfacFalconCo = ofacRec('38416', 'SDN entry: FALCON MARITIME INC. (RUSSIA-EO14024)', 'e-mh-falcon-maritime', '2022-09-15');
vessel('v-sea-falcon', {
  names: [{ v: 'SEA FALCON' }, { v: 'ARCTIC DAWN', to: '2021-08' }], r: rOfacFalcon,
  ids: [['9387412', 'imo_number'], ['352001847', 'mmsi']], flag: [{ v: 'PAN', t: 'flag', from: '2021-08' }, { v: 'LBR', t: 'flag', to: '2021-08' }],
  status: 'in service', info: 'Crude oil tanker, 105,300 DWT, built 2007',
});
risk('v-sea-falcon', 'sanctioned_usa_ofac_sdn', rOfacFalcon, 'USA');
company('e-mh-falcon-maritime', {
  names: 'FALCON MARITIME INC.', r: rOfacFalconCo, country: 'MHL', ids: [['99817', 'mhl_company_number'], ['6219014', 'imo_company_number']],
  address: 'Trust Company Complex, Ajeltake Road, Ajeltake Island, Majuro MH96960, Marshall Islands', kind: 'Non-resident domestic corporation',
});
risk('e-mh-falcon-maritime', 'sanctioned_usa_ofac_sdn', rOfacFalconCo, 'USA');
company('e-ae-gulf-star-maritime', {
  names: 'GULF STAR MARITIME L.L.C.', r: [rOfacFalcon, rOfacFalconCo], country: 'ARE',
  address: 'Office 1408, Al Moosa Tower 2, Sheikh Zayed Road, Dubai, United Arab Emirates', kind: 'Limited liability company',
  contact: [['+971 4 321 7788', 'phone']],
});
rel('has_owner', 'v-sea-falcon', 'e-mh-falcon-maritime', rOfacFalcon, { from: '2021-08', shares: pct(100) });
rel('has_manager', 'v-sea-falcon', 'e-ae-gulf-star-maritime', rOfacFalcon, { position: 'ISM manager' });
rel('has_shareholder', 'e-mh-falcon-maritime', 'e-ae-gulf-star-maritime', rOfacFalconCo, { shares: pct(100) });
person('p-khalid-al-mansoori', {
  names: ['Khalid Rashid AL MANSOORI', 'خالد راشد المنصوري'], r: rOfacFalconCo, dob: '1970', countries: [['ARE', 'nationality']],
});
rel('has_director', 'e-ae-gulf-star-maritime', 'p-khalid-al-mansoori', rOfacFalconCo, { position: 'General Manager' });

// ---------------------------------------------------------------------------------------
// 7. Albion Foods: a clean, well-documented UK group (subsidiaries, branch, officers,
//    auditor, a dissolved predecessor)
// ---------------------------------------------------------------------------------------
const rChAfCs = chRec('00234567', 'CS01: Confirmation statement made on 30 April 2023 with no updates', 'e-gb-albion-foods', '2023-05-02');
const rChAfAcc = chRec('00234567', 'AA: Group of companies accounts made up to 1 January 2023', 'e-gb-albion-foods', '2023-06-29');
const rChAfAp = chRec('00234567', 'AP01: Appointment of Dr Zoë Hartmann as a director', 'e-gb-albion-foods', '2021-09-01');
company('e-gb-albion-foods', {
  names: [{ v: 'ALBION FOODS PLC' }, { v: 'ALBION MILLING COMPANY LIMITED', to: '1987-06-30', r: rChAfAcc }], number: ['00234567', 'gbr_company_number'],
  r: [rChAfCs, rChAfAcc], address: 'Albion House, 1 Mill Road, Reading RG1 8HF', status: 'active',
  kind: 'Public limited Company', purpose: ['10710 - Manufacture of bread; manufacture of fresh pastry goods and cakes', '10511 - Liquid milk and cream production'],
  contact: [['www.albionfoods.co.uk', 'website'], ['investor.relations@albionfoods.co.uk', 'email']],
});
const albionSubs = [
  ['e-gb-albion-dairy', 'ALBION DAIRY LIMITED', '05123456', 'GBR', 'Creamery Lane, Frome BA11 1HH', '10511 - Liquid milk and cream production'],
  ['e-gb-albion-bakeries', 'ALBION BAKERIES LIMITED', '05123789', 'GBR', 'Unit 12, Bakers Park, Swindon SN2 8BS', '10710 - Manufacture of bread'],
  ['e-gb-albion-logistics', 'ALBION LOGISTICS LIMITED', '06234501', 'GBR', 'Albion House, 1 Mill Road, Reading RG1 8HF', '49410 - Freight transport by road'],
  ['e-ie-albion-foods-ireland', 'Albion Foods (Ireland) Limited', '512334', 'IRL', 'Unit 4, Ballycoolin Business Park, Dublin 15, D15 KX23', 'Food distribution'],
  ['e-nl-albion-foods-bv', 'Albion Foods Nederland B.V.', '34278812', 'NLD', 'Hoofdweg 220, 2132 MB Hoofddorp, Netherlands', 'Wholesale of food products'],
  ['e-gb-albion-fresh-produce', 'ALBION FRESH PRODUCE LIMITED', '07345120', 'GBR', 'Packhouse 2, Marsh Lane, Spalding PE12 6HG', '46310 - Wholesale of fruit and vegetables'],
  ['e-gb-albion-pet-foods', 'ALBION PET FOODS LIMITED', '08812004', 'GBR', 'Unit 9, Westway Industrial Park, Bristol BS11 9YF', '10920 - Manufacture of prepared pet foods'],
  ['e-fr-albion-foods-france', 'Albion Foods France SAS', '812 345 678', 'FRA', '14 rue de la Boétie, 75008 Paris, France', 'Commerce de gros alimentaire'],
  ['e-de-albion-foods-deutschland', 'Albion Foods Deutschland GmbH', 'HRB 110234', 'DEU', 'Speicherstraße 18, 60327 Frankfurt am Main, Deutschland', 'Großhandel mit Nahrungsmitteln'],
];
const kindFor = { GBR: 'Private limited Company', IRL: 'LTD - Private company limited by shares', NLD: 'Besloten vennootschap', FRA: 'Société par actions simplifiée', DEU: 'Gesellschaft mit beschränkter Haftung' };
const idTypeFor = { GBR: 'gbr_company_number', IRL: 'irl_cro_number', NLD: 'nld_kvk_number', FRA: 'fra_siren', DEU: 'deu_handelsregister_number' };
for (const [id, name, num, country, address, purpose] of albionSubs) {
  company(id, { names: name, r: rChAfAcc, country, ids: [[num, idTypeFor[country]]], address, status: 'active', purpose, kind: kindFor[country] });
  rel('subsidiary_of', id, 'e-gb-albion-foods', rChAfAcc, { shares: pct(100) });
}
company('e-es-albion-foods-sucursal', {
  names: 'ALBION FOODS PLC, SUCURSAL EN ESPAÑA', r: rChAfAcc, country: 'ESP', ids: [['W0071234B', 'esp_nif']],
  address: 'Calle de Alcalá 93, 28009 Madrid, España', status: 'active', kind: 'Sucursal (branch of foreign company)',
});
rel('branch_of', 'e-es-albion-foods-sucursal', 'e-gb-albion-foods', rChAfAcc, { from: '2015-03' });
const rChOldDairy = chRec('02987654', 'GAZ2: Final Gazette dissolved following liquidation', 'e-gb-albion-old-dairies', '2019-03-12');
company('e-gb-albion-old-dairies', {
  names: 'WESSEX DAIRIES LIMITED', number: ['02987654', 'gbr_company_number'], r: rChOldDairy, closed: true,
  address: 'Creamery Lane, Frome BA11 1HH', status: { v: 'dissolved', date: '2019-03-12' }, kind: 'Private limited Company',
  purpose: '10511 - Liquid milk and cream production',
});
rel('has_legal_predecessor', 'e-gb-albion-dairy', 'e-gb-albion-old-dairies', rChOldDairy, { date: '2016-10-01' });
rel('has_liquidator', 'e-gb-albion-old-dairies', 'e-gb-hartley-morgan', rChOldDairy, { position: 'Liquidator', from: '2017-02-14', to: '2019-03-12' });
company('e-gb-hartley-morgan', {
  names: 'HARTLEY MORGAN LLP', number: ['OC301234', 'gbr_company_number'], r: rChAfAcc, address: '8 Finsbury Circus, London EC2M 7EA',
  status: 'active', kind: 'Limited Liability Partnership', purpose: '69201 - Accounting and auditing activities',
});
rel('has_auditor', 'e-gb-albion-foods', 'e-gb-hartley-morgan', rChAfAcc, { position: 'Statutory auditor', from: '2018' });
rel('has_auditor', 'e-gb-harbourline-group', 'e-gb-hartley-morgan', rChHsAcc, { position: 'Statutory auditor' });
const albionOfficers = [
  ['p-catherine-blake', 'Catherine Anne BLAKE', '1962-10', 'GBR', 'has_director', 'Non-executive Chair', '2017-05-01'],
  ['p-rajesh-patel', 'Rajesh Kumar PATEL', '1974-02', 'GBR', 'has_director', 'Chief Financial Officer', '2019-01-07'],
  ['p-zoe-hartmann', 'Zoë HARTMANN', '1979-08', 'DEU', 'has_director', 'Chief Operating Officer', '2021-09-01'],
  ['p-helen-ward', 'Helen Louise WARD', '1983-12', 'GBR', 'has_secretary', 'Company Secretary', '2016-11-14'],
  ['p-jose-munoz', 'José MUÑOZ FERRER', '1977-05', 'ESP', 'has_legal_representative', 'Representante legal de la sucursal', '2015-03-02'],
];
for (const [id, name, dob, nat, type, position, from] of albionOfficers) {
  const r = id === 'p-zoe-hartmann' ? [rChAfAp, rChAfCs] : [rChAfCs];
  person(id, { names: name, r, dob, countries: [[nat, 'nationality'], ['GBR', 'residence']], position });
  const target = id === 'p-jose-munoz' ? 'e-es-albion-foods-sucursal' : 'e-gb-albion-foods';
  rel(type, target, id, r[0], { position, from });
}
attr('p-zoe-hartmann', 'name', [{ v: 'Zoe HARTMANN', r: rChAfAp }]);
attr('p-jose-munoz', 'name', [{ v: 'Jose MUNOZ FERRER', r: rChAfCs }]);
// A former director (to_date in the past).
person('p-richard-hale', { names: 'Richard Edward HALE', r: rChAfAcc, dob: '1955-01', countries: [['GBR', 'nationality']] });
rel('has_director', 'e-gb-albion-foods', 'p-richard-hale', rChAfAcc, { position: 'Chief Executive', from: '2008-04-01', to: '2020-12-31' });
rel('has_director', 'e-gb-albion-dairy', 'p-rajesh-patel', rChAfAcc, { position: 'Director', from: '2019-01-07' });
rel('has_director', 'e-gb-albion-bakeries', 'p-rajesh-patel', rChAfAcc, { position: 'Director', from: '2019-01-07' });

// ---------------------------------------------------------------------------------------
// 8. The registered-agent hub: Crown Formations Ltd at a mass address, registered agent of
//    40 small UK companies (one of them sanctioned by OFSI)
// ---------------------------------------------------------------------------------------
const MASS = 'Office 7, 221 Ashdown Road, London N1 7QA';
const rChCrown = chRec('06123456', 'CS01: Confirmation statement made on 12 February 2023 with no updates', 'e-gb-crown-formations', '2023-02-15');
const rChCrownAcsp = chRec('06123456', 'ACSP: Registration as an authorised corporate service provider', 'e-gb-crown-formations', '2024-03-18', false);
company('e-gb-crown-formations', {
  names: 'CROWN FORMATIONS LTD', number: ['06123456', 'gbr_company_number'], r: [rChCrown, rChCrownAcsp],
  address: MASS, status: 'active', kind: 'Private limited Company',
  purpose: ['82990 - Other business support service activities n.e.c.', '69109 - Activities of patent and copyright agents; other legal activities n.e.c.'],
  contact: [['www.crown-formations.co.uk', 'website'], ['info@crown-formations.co.uk', 'email']],
});
risk('e-gb-crown-formations', 'mass_address_usage', rChCrown, 'GBR');
risk('e-gb-crown-formations', 'tcsp_keyword_risk', rChCrownAcsp, 'GBR');
person('p-sarah-collins', {
  names: 'Sarah Jane COLLINS', r: [rChCrown], dob: '1985-04', countries: [['GBR', 'nationality'], ['GBR', 'residence']],
  address: MASS, position: 'Company formation agent',
});
rel('has_director', 'e-gb-crown-formations', 'p-sarah-collins', rChCrown, { position: 'Director', from: '2012-02-12' });

// Nominee directors and shareholders used by the hub's clients.
person('p-james-whitfield', {
  names: 'James Anthony WHITFIELD', r: [rChNwAp, rChCrown], dob: '1959-10', countries: [['GBR', 'nationality'], ['GBR', 'residence']],
  address: '18 Grove Park Road, London W4 3RS',
});
rel('has_director', 'e-gb-northwind-logistics', 'p-james-whitfield', rChNwAp, { position: 'Director', from: '2016-03-01' });
person('p-emma-clarke', {
  names: 'Emma Louise CLARKE', r: rChNwCs, dob: '1988-06', countries: [['GBR', 'nationality'], ['GBR', 'residence']],
  address: 'Unit 5, Thameside Industrial Estate, Factory Road, London E16 2EL',
});
rel('has_secretary', 'e-gb-northwind-logistics', 'p-emma-clarke', rChNwCs, { position: 'Company Secretary', from: '2018-11-19' });
rel('has_officer', 'e-gb-northwind-logistics', 'p-emma-clarke', rChNwCs, { position: 'Finance Manager', from: '2017-05-02' });
const rChNominees = chRec('06123456', 'Register of directors and secretaries - nominee service clients (extract)', 'e-gb-crown-formations', '2023-02-15', false);
person('p-rolands-ozols', { names: 'Rolands OZOLS', r: rChNominees, dob: '1988-02', countries: [['LVA', 'nationality'], ['LVA', 'residence']], address: 'Elizabetes iela 41, Riga LV-1010, Latvia' });
person('p-inga-berzina', { names: [{ v: 'Inga BĒRZIŅA' }, { v: 'Inga BERZINA' }], r: rChNominees, dob: '1990-07', countries: [['LVA', 'nationality']] });
person('p-anastasia-petrenko', {
  label: 'Anastasiia PETRENKO', names: ['Анастасія Петренко', 'Anastasiia PETRENKO', 'Anastasia Petrenko'], r: rChNominees, dob: '1987-11',
  countries: [['UKR', 'nationality'], ['GBR', 'residence']],
});
person('p-marek-novak', { names: [{ v: 'Marek NOVÁK' }, { v: 'Marek NOVAK' }], r: rChNominees, dob: '1983', countries: [['CZE', 'nationality']] });
const rChSyc = chRec('06123456', 'Corporate member and shareholder details - nominee service clients (extract)', 'e-gb-crown-formations', '2023-02-15', false);
const sycCos = [
  ['e-sc-amber-coast', 'AMBER COAST LTD', '203117', 'SYC', 'Suite 1, Second Floor, Sound & Vision House, Francis Rachel Street, Victoria, Mahé, Seychelles'],
  ['e-sc-blue-lagoon', 'BLUE LAGOON VENTURES LTD', '203542', 'SYC', 'Suite 1, Second Floor, Sound & Vision House, Francis Rachel Street, Victoria, Mahé, Seychelles'],
  ['e-bz-coral-bay', 'CORAL BAY HOLDINGS LIMITED', '158873', 'BLZ', '60 Market Square, P.O. Box 364, Belize City, Belize'],
];
for (const [id, name, num, country, address] of sycCos) {
  company(id, { names: name, r: rChSyc, country, ids: [[num, country === 'SYC' ? 'syc_company_number' : 'blz_company_number']], address, kind: 'International Business Company' });
}
const nominees = ['p-james-a-whitfield', 'p-rolands-ozols', 'p-inga-berzina', 'p-anastasia-petrenko', 'p-marek-novak', 'p-sarah-collins'];
const corpHolders = ['e-sc-amber-coast', 'e-sc-blue-lagoon', 'e-bz-coral-bay'];

const shellWords = ['Aldermoor', 'Brightwater', 'Calder', 'Dunmore', 'Elmsworth', 'Fenwick', 'Glenrock', 'Hawthorne', 'Ivybridge',
  'Juniper', 'Kingsmere', 'Larchfield', 'Marlowe', 'Northgate', 'Oakhurst', 'Pemberton', 'Quayside', 'Redwood', 'Stanmore',
  'Thornbury', 'Upton', 'Westbury', 'Yarrow', 'Ashcombe', 'Beaumont', 'Carrington', 'Danbury', 'Easton', 'Foxley',
  'Granville', 'Holloway', 'Kirkwood', 'Linford', 'Millbrook', 'Norwood', 'Pinewood', 'Ravensworth', 'Sandridge', 'Tillbrook',
  'Whitecliff', 'Ashgrove', 'Brookfield', 'Claremont', 'Dovecote'];
const shellKinds = ['Trading', 'Consulting', 'Commerce', 'Ventures', 'Solutions', 'Logistics', 'Imports', 'Capital'];
const shellIds = [];
const shellRecs = [];
shellWords.forEach((word, i) => {
  const kind = shellKinds[(i * 5) % shellKinds.length];
  const llp = i % 9 === 4;
  const name = `${word.toUpperCase()} ${kind.toUpperCase()} ${llp ? 'LLP' : i % 2 ? 'LIMITED' : 'LTD'}`;
  const id = `e-gb-${word.toLowerCase()}-${kind.toLowerCase()}`;
  const number = llp ? `OC${420100 + i * 37}` : String(11870000 + i * 3);
  const closed = i % 7 === 3;
  const inc = `20${17 + (i % 6)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(2 + (i % 26)).padStart(2, '0')}`;
  const rInc = chRec(number, `${llp ? 'LLIN01' : 'IN01'}: Incorporation - ${name}`, id, inc);
  const recs = [rInc];
  if (closed) recs.push(chRec(number, 'GAZ2(A): Final Gazette dissolved via voluntary strike-off', id, `20${21 + (i % 3)}-0${3 + (i % 6)}-14`, false));
  company(id, {
    names: name, number: [number, 'gbr_company_number'], r: recs, address: { v: MASS, from: inc },
    status: closed ? { v: 'dissolved', date: records.get(recs[1]).publication_date, r: recs[1] } : { v: 'active', date: inc },
    kind: llp ? 'Limited Liability Partnership' : 'Private limited Company', closed,
    purpose: llp ? undefined : ['46900 - Non-specialised wholesale trade', '70229 - Management consultancy activities other than financial management', '82990 - Other business support service activities n.e.c.'][i % 3],
  });
  rel('has_registered_agent', id, 'e-gb-crown-formations', rInc, { from: inc, position: 'Registered office provider' });
  const nominee = nominees[i % nominees.length];
  if (llp) {
    rel('has_partner', id, corpHolders[i % 3], rInc, { position: 'Designated member', from: inc });
    rel('has_partner', id, corpHolders[(i + 1) % 3], rInc, { position: 'Designated member', from: inc });
  } else {
    rel('has_director', id, nominee, rInc, { position: 'Director', from: inc, ...(closed ? { to: records.get(recs[1]).publication_date } : {}) });
    if (i % 3 === 0) rel('has_shareholder', id, corpHolders[i % 3], rInc, { from: inc }); // shares not stated
    else if (i % 3 === 1) rel('has_shareholder', id, nominee, rInc, { from: inc, shares: pct(100, 1, 'GBP') });
    else rel('has_shareholder', id, corpHolders[(i + 1) % 3], rInc, { from: inc, shares: pct(100, 100, 'GBP') });
  }
  shellIds.push(id);
  shellRecs.push(rInc);
});
// The nominee James WHITFIELD as recorded on the first shell's incorporation (year of birth only).
person('p-james-a-whitfield', {
  names: 'James WHITFIELD', r: shellRecs[0], dob: '1959', countries: [['GBR', 'nationality']], address: MASS,
});
// Kensington Mews Properties is also a hub client.
rel('has_registered_agent', 'e-gb-kensington-mews-properties', 'e-gb-crown-formations', rChKensIncorp, { from: '2018-07-02', position: 'Registered office provider' });

// Tavrida Commodities LLP: a hub client designated by OFSI.
const rChTavInc = chRec('OC419876', 'LLIN01: Incorporation - TAVRIDA COMMODITIES LLP', 'e-gb-tavrida-commodities', '2017-08-21');
const rOfsiTav = ofsiRec('15731', 'OFSI Group ID 15731: TAVRIDA COMMODITIES LLP', 'e-gb-tavrida-commodities', '2022-12-09');
company('e-gb-tavrida-commodities', {
  names: [{ v: 'TAVRIDA COMMODITIES LLP' }, { v: 'ТАВРИДА КОММОДИТИЗ ЛЛП', r: rOfsiTav }], number: ['OC419876', 'gbr_company_number'], r: [rChTavInc, rOfsiTav],
  address: MASS, status: 'active', kind: 'Limited Liability Partnership',
});
risk('e-gb-tavrida-commodities', 'sanctioned_gbr_hmt_ofsi', rOfsiTav, 'GBR');
rel('has_registered_agent', 'e-gb-tavrida-commodities', 'e-gb-crown-formations', rChTavInc, { from: '2017-08-21', position: 'Registered office provider' });
rel('has_partner', 'e-gb-tavrida-commodities', 'e-sc-amber-coast', rChTavInc, { position: 'Designated member', from: '2017-08-21' });
rel('has_partner', 'e-gb-tavrida-commodities', 'e-sc-blue-lagoon', rChTavInc, { position: 'Designated member', from: '2017-08-21' });

// Riga Link Trading: a hub client with the UK-registered Dmitry VOLKOV as director.
const rChRiga = chRec('10988771', 'IN01: Incorporation - RIGA LINK TRADING LTD', 'e-gb-riga-link-trading', '2017-10-09');
company('e-gb-riga-link-trading', {
  names: 'RIGA LINK TRADING LTD', number: ['10988771', 'gbr_company_number'], r: rChRiga, address: MASS,
  status: 'active', kind: 'Private limited Company', purpose: '46900 - Non-specialised wholesale trade',
});
rel('has_registered_agent', 'e-gb-riga-link-trading', 'e-gb-crown-formations', rChRiga, { from: '2017-10-09', position: 'Registered office provider' });
rel('has_director', 'e-gb-riga-link-trading', 'p-dmitry-volkov-ch', rChRiga, { position: 'Director', from: '2017-10-09' });
rel('has_shareholder', 'e-gb-riga-link-trading', 'p-dmitry-volkov-ch', rChRiga, { shares: pct(100, 100, 'GBP') });

// ---------------------------------------------------------------------------------------
// 9. Pelagos: a Cypriot corporate-services provider, secretary of many holding companies
// ---------------------------------------------------------------------------------------
const rCyPel = cyRec('HE 112233', 'HE32: Annual return 2022 - PELAGOS CORPORATE SERVICES LIMITED', 'e-cy-pelagos-corporate-services', '2022-07-29');
company('e-cy-pelagos-corporate-services', {
  names: [{ v: 'PELAGOS CORPORATE SERVICES LIMITED' }, { v: 'ΠΕΛΑΓΟΣ ΕΤΑΙΡΙΚΕΣ ΥΠΗΡΕΣΙΕΣ ΛΙΜΙΤΕΔ' }], number: ['HE 112233', 'cyp_company_number'], r: rCyPel,
  country: 'CYP', address: 'Arch. Makariou III, 155, Proteas House, 5th floor, 3026 Limassol, Cyprus', status: 'active',
  kind: 'Private company limited by shares', purpose: 'Administrative and fiduciary services',
  contact: [['+357 25 123 456', 'phone']],
});
person('p-maria-christodoulou', {
  label: 'Maria CHRISTODOULOU', names: ['Μαρία Χριστοδούλου', 'Maria CHRISTODOULOU'], r: [rCyPel, rCyNwAr], dob: '1976-09-14',
  countries: [['CYP', 'nationality']], address: 'Arch. Makariou III, 155, Proteas House, 3026 Limassol, Cyprus', position: 'Nominee director',
});
person('p-costas-demetriou', {
  label: 'Costas DEMETRIOU', names: ['Κώστας Δημητρίου', 'Costas DEMETRIOU', 'Konstantinos Demetriou'], r: rCyPel, dob: '1969-02',
  countries: [['CYP', 'nationality']], position: 'Nominee director',
});
rel('has_director', 'e-cy-pelagos-corporate-services', 'p-costas-demetriou', rCyPel, { position: 'Director' });
rel('has_director', 'e-cy-pelagos-corporate-services', 'p-maria-christodoulou', rCyPel, { position: 'Director' });
const pelagosClients = [
  ['e-cy-northwind-holdings', rCyNwAr], ['e-cy-meridian-maritime', rCyMmAr], ['e-cy-kestrel-capital', rCyKcAr],
  ['e-cy-lindos-investments', rCyLiAr], ['e-cy-tengri-investments', rCyTiAr], ['e-cy-promtekh-finance', rCyPfAr],
];
pelagosClients.forEach(([id, r], i) => {
  rel('has_secretary', id, 'e-cy-pelagos-corporate-services', r, { position: 'Secretary' });
  rel('has_director', id, i % 2 ? 'p-costas-demetriou' : 'p-maria-christodoulou', r, { position: 'Director' });
});
const cyWords = ['Akamas', 'Troodos', 'Kourion', 'Salamis', 'Amathus', 'Kition', 'Tamassos', 'Idalion', 'Lapithos', 'Marion', 'Soloi', 'Kerynia'];
const cyKinds = ['HOLDINGS', 'INVESTMENTS', 'VENTURES', 'TRADING', 'FINANCE'];
const cyOwners = [
  person('p-yiannis-charalambous', { label: 'Yiannis CHARALAMBOUS', names: ['Γιάννης Χαραλάμπους', 'Yiannis CHARALAMBOUS'], r: rCyPel, dob: '1965-03', countries: [['CYP', 'nationality']] }),
  person('p-andrei-popescu', { names: 'Andrei POPESCU', r: rCyPel, dob: '1980-10-02', countries: [['ROU', 'nationality']], ids: ['RO0512887', 'passport'] }),
  person('p-ayse-yilmaz', { names: [{ v: 'Ayşe YILMAZ' }, { v: 'Ayse YILMAZ' }], r: rCyPel, dob: '1984', countries: [['TUR', 'nationality']] }),
  person('p-sergei-orlov', { label: 'Sergei ORLOV', names: ['Сергей Орлов', 'Sergei ORLOV', 'Sergey Orlov'], r: rCyPel, dob: '1973-05', countries: [['RUS', 'nationality'], ['CYP', 'residence']] }),
];
cyWords.forEach((word, i) => {
  const kind = cyKinds[i % cyKinds.length];
  const id = `e-cy-${word.toLowerCase()}-${kind.toLowerCase()}`;
  const number = `HE ${360100 + i * 211}`;
  const closed = i % 5 === 2;
  const r = cyRec(number, `HE32: Annual return ${2019 + (i % 4)} - ${word.toUpperCase()} ${kind} LIMITED`, id, `${2019 + (i % 4)}-${String(3 + (i % 9)).padStart(2, '0')}-1${i % 10}`);
  company(id, {
    names: `${word.toUpperCase()} ${kind} LIMITED`, number: [number, 'cyp_company_number'], r, country: 'CYP',
    address: 'Arch. Makariou III, 155, Proteas House, 5th floor, 3026 Limassol, Cyprus',
    status: closed ? { v: 'struck off', date: records.get(r).publication_date } : 'active', closed,
    kind: 'Private company limited by shares', purpose: 'Holding of investments',
  });
  rel('has_secretary', id, 'e-cy-pelagos-corporate-services', r, { position: 'Secretary', ...(closed ? { to: records.get(r).publication_date } : {}) });
  rel('has_director', id, i % 2 ? 'p-costas-demetriou' : 'p-maria-christodoulou', r, { position: 'Director' });
  let holder = id;
  if (i % 2 === 0) {
    // A BVI layer between the Cypriot company and its natural-person owners.
    const bvi = `e-vg-${word.toLowerCase()}-global`;
    company(bvi, {
      names: `${word.toUpperCase()} GLOBAL LTD`, number: [String(1650000 + i * 1379), 'vgb_company_number'], r, country: 'VGB',
      address: 'Palm Grove House, P.O. Box 438, Road Town, Tortola VG1110, British Virgin Islands', kind: 'BVI Business Company',
    });
    rel('has_shareholder', id, bvi, r, { shares: pct(100, 1000, 'EUR') });
    holder = bvi;
  }
  const owner = cyOwners[i % cyOwners.length];
  rel('has_shareholder', holder, owner, r, i % 3 === 0 ? {} : { shares: pct(i % 3 === 1 ? 100 : 50) });
  if (i % 3 === 2) rel('has_shareholder', holder, cyOwners[(i + 1) % cyOwners.length], r, { shares: pct(50) });
});

// ---------------------------------------------------------------------------------------
// 10. Properties (land registry titles)
// ---------------------------------------------------------------------------------------
function property(id, s) {
  const r = lrRec(s.title, s.label ?? `Title ${s.title}: ${s.address}`, id, s.pub);
  ent(id, 'property', s.address);
  attr(id, 'name', s.address, r);
  attr(id, 'address', s.address, r);
  attr(id, 'identifier', [[s.title, s.titleType ?? 'gbr_title_number']], r);
  attr(id, 'country', [[s.country ?? 'GBR', 'location']], r);
  attr(id, 'additional_information', s.info, r);
  for (const [owner, extra] of s.owners) rel('has_owner', id, owner, r, extra);
  return r;
}
property('pr-gb-chester-square-14', {
  address: '14 Chester Square, London SW1W 9HH', title: 'NGL847213', pub: '2017-07-03', info: 'Freehold; terraced house; price paid GBP 14,750,000',
  owners: [['e-vg-aldgate-ventures', { from: '2017-06-15', shares: pct(100, 14750000, 'GBP') }]],
});
property('pr-gb-kensington-mews-22-flat-5', {
  address: 'Flat 5, 22 Kensington Mews, London W8 5PT', title: 'BGL118274', pub: '2018-09-20', info: 'Leasehold flat; price paid GBP 2,350,000',
  owners: [['e-gb-kensington-mews-properties', { from: '2018-09-14', shares: pct(100, 2350000, 'GBP') }]],
});
property('pr-gb-wentworth-estate', {
  address: 'Larchwood, Wentworth Estate, Virginia Water GU25 4LS', title: 'SY812734', pub: '2020-03-09', info: 'Freehold; detached house with grounds',
  owners: [
    ['e-vg-aldgate-ventures', { from: '2013-05-02', to: '2020-02-28', shares: pct(100, 6900000, 'GBP') }],
    ['e-vg-corvus-trading', { from: '2020-02-28', shares: pct(100, 8100000, 'GBP') }],
  ],
});
property('pr-gb-eaton-place-41', {
  address: 'Flat 2, 41 Eaton Place, London SW1X 8BN', title: 'NGL905512', pub: '2016-11-30', info: 'Leasehold flat',
  owners: [['e-vg-silverline-holdings', { from: '2016-11-18' }]],
});
property('pr-gb-tilbury-warehouse', {
  address: 'Warehouse 3, Fort Road, Tilbury RM18 7NR', title: 'EX774120', pub: '2012-10-05', info: 'Freehold; industrial warehouse',
  owners: [['e-gb-harbourline-shipping', { from: '2012-09-28', shares: pct(100, 3100000, 'GBP') }]],
});
property('pr-gb-the-old-rectory-rochester', {
  address: 'The Old Rectory, Church Lane, Rochester ME1 3PL', title: 'K990312', pub: '2011-02-14', info: 'Freehold; detached house',
  owners: [['p-oliver-grant', { from: '2011-01-31', shares: pct(100, 1250000, 'GBP') }]],
});
property('pr-gb-mayfair-office', {
  address: '5th Floor, 27 Berkeley Square, London W1J 6EL', title: 'NGL771190', pub: '2019-05-22', info: 'Leasehold office floor',
  owners: [['e-cy-meridian-maritime', { from: '2019-05-10', shares: pct(100, 9400000, 'GBP') }]],
});
property('pr-gb-reading-albion-house', {
  address: 'Albion House, 1 Mill Road, Reading RG1 8HF', title: 'BK402117', pub: '2009-08-11', info: 'Freehold; head office',
  owners: [['e-gb-albion-foods', { from: '1998-04-01' }]],
});
property('pr-gb-thameside-unit-5', {
  address: 'Unit 5, Thameside Industrial Estate, Factory Road, London E16 2EL', title: 'EGL663021', pub: '2018-12-03', info: 'Leasehold warehouse unit',
  owners: [['e-gb-northwind-logistics', { from: '2018-11-19' }]],
});
property('pr-gb-aberdeen-oakridge-house', {
  address: 'Oakridge House, 3 Wellington Street, Aberdeen AB11 5BT', title: 'ABN88123', titleType: 'gbr_scotland_title_number', pub: '2015-04-17',
  info: 'Office building (Registers of Scotland title)', owners: [['e-gb-oakridge-energy-holdings', { from: '2015-04-01', shares: pct(100, 4200000, 'GBP') }]],
});
property('pr-gb-belgravia-mews-house', {
  address: '9 Wilton Row, London SW1X 7NS', title: 'NGL559340', pub: '2014-06-06', info: 'Freehold mews house; co-owned',
  owners: [
    ['p-francois-lefevre', { from: '2014-05-30', shares: pct(50) }],
    ['e-cy-lindos-investments', { from: '2014-05-30', shares: pct(50) }],
  ],
});
property('pr-gb-chelsea-flat', {
  address: 'Flat 12, 3 Cheyne Walk, London SW3 5QZ', title: 'BGL990021', pub: '2021-04-29', info: 'Leasehold flat',
  owners: [['p-maxim-antonov', { from: '2021-04-20', shares: pct(100, 1875000, 'GBP') }]],
});

// ---------------------------------------------------------------------------------------
// 11. Trade: US import bills of lading (shippers, consignees, notify parties, carriers)
// ---------------------------------------------------------------------------------------
function bolCompany(id, name, country, address, r, ids) {
  return company(id, { names: name, r, country, address, ids, kind: undefined });
}
const rBol1 = bolRec('MEDUHB123456', 'Bill of lading MEDUHB123456: wheat, 12,400 t, Tilbury to Houston', 'e-us-gulfport-commodities', '2021-03-18');
const rBol2 = bolRec('MEDUHB128802', 'Bill of lading MEDUHB128802: wheat, 11,900 t, Tilbury to Houston', 'e-us-gulfport-commodities', '2021-09-02');
const rBol3 = bolRec('MEDUHB133017', 'Bill of lading MEDUHB133017: barley, 9,800 t, Tilbury to Houston', 'e-us-gulfport-commodities', '2022-05-27');
bolCompany('e-us-gulfport-commodities', 'GULFPORT COMMODITIES LLC', 'USA', '1200 Smith Street, Suite 1600, Houston, TX 77002, USA', [rBol1, rBol2, rBol3],
  [['76-0512334', 'usa_ein']]);
bolCompany('e-us-delta-customs-brokers', 'DELTA CUSTOMS BROKERS INC', 'USA', '650 Poydras Street, New Orleans, LA 70130, USA', [rBol1, rBol2, rBol3],
  [['72-1187345', 'usa_ein']]);
company('e-gb-harbourline-shipping-bol', {
  names: 'HARBOURLINE SHIPPING LTD', r: [rBol1, rBol2, rBol3], country: 'GBR', address: 'TILBURY DOCKS, TILBURY ESSEX RM18 7EH UNITED KINGDOM',
});
for (const r of [rBol1, rBol2, rBol3]) {
  rel('ships_to', 'e-gb-steppe-grain-exports', 'e-us-gulfport-commodities', r); // parallel facts: same pair, three records
  rel('has_notify_party', 'e-us-gulfport-commodities', 'e-us-delta-customs-brokers', r);
  rel('shipped_by', 'e-us-gulfport-commodities', 'e-gb-harbourline-shipping-bol', r);
}
rel('has_carrier', 'e-gb-steppe-grain-exports', 'v-northern-star', rBol1);
attr('e-gb-steppe-grain-exports', 'address', [{ v: '48 MARK LANE LONDON EC3R 7QR GB', r: rBol1 }]);

const rBol4 = bolRec('ANCS220817', 'Bill of lading ANCS220817: hot-rolled steel coils, Mersin to Newark', 'e-us-atlantic-steel-importers', '2020-08-17');
const rBol5 = bolRec('ANCS221190', 'Bill of lading ANCS221190: hot-rolled steel coils, Mersin to Newark', 'e-us-atlantic-steel-importers', '2020-11-30');
bolCompany('e-us-atlantic-steel-importers', 'ATLANTIC STEEL IMPORTERS CORP', 'USA', '1 Port Street, Newark, NJ 07114, USA', [rBol4, rBol5], [['22-3345120', 'usa_ein']]);
bolCompany('e-tr-anadolu-celik', 'ANADOLU ÇELİK SANAYİ VE TİCARET A.Ş.', 'TUR', 'Organize Sanayi Bölgesi 4. Cadde No:12, Mersin, Türkiye', [rBol4, rBol5],
  [['0680412237', 'tur_vkn']]);
attr('e-tr-anadolu-celik', 'name', [{ v: 'ANADOLU CELIK SANAYI VE TICARET AS', r: rBol4 }]);
vessel('v-sea-falcon-bol', { names: 'SEAFALCON', r: [rBol4, rBol5], ids: [['9387412', 'imo_number']], info: 'Vessel as named on the bill of lading' });
for (const r of [rBol4, rBol5]) {
  rel('ships_to', 'e-tr-anadolu-celik', 'e-us-atlantic-steel-importers', r);
  rel('has_carrier', 'e-tr-anadolu-celik', 'v-sea-falcon-bol', r);
}
rel('has_director', 'e-tr-anadolu-celik', 'p-ayse-yilmaz', rBol5, { position: 'Export manager (contact on bill of lading)' });

const rBol6 = bolRec('HLCUDUB2211', 'Bill of lading HLCUDUB2211: irish butter, Dublin to Long Beach', 'e-us-pacific-rim-foods', '2022-11-04');
const rBol7 = bolRec('HLCURTM0456', 'Bill of lading HLCURTM0456: frozen bakery products, Rotterdam to Long Beach', 'e-us-pacific-rim-foods', '2023-02-10');
bolCompany('e-us-pacific-rim-foods', 'PACIFIC RIM FOODS INC', 'USA', '3400 E Ocean Blvd, Long Beach, CA 90803, USA', [rBol6, rBol7], [['95-4471203', 'usa_ein']]);
rel('ships_to', 'e-ie-albion-foods-ireland', 'e-us-pacific-rim-foods', rBol6);
rel('ships_to', 'e-nl-albion-foods-bv', 'e-us-pacific-rim-foods', rBol7);
rel('has_carrier', 'e-nl-albion-foods-bv', 'v-aegean-spirit', rBol7);

const rBol8 = bolRec('COSU6612093', 'Bill of lading COSU6612093: industrial valves, Ningbo to Houston', 'e-us-gulfport-commodities', '2023-04-21');
bolCompany('e-cn-ningbo-haitong', '宁波海通贸易有限公司', 'CHN', 'No. 88 Zhongshan East Road, Haishu District, Ningbo, Zhejiang 315000, China', rBol8,
  [['91330203MA2H4QXX1K', 'chn_uscc']]);
attr('e-cn-ningbo-haitong', 'name', [{ v: 'NINGBO HAITONG TRADING CO., LTD.', r: rBol8 }]);
rel('ships_to', 'e-cn-ningbo-haitong', 'e-us-gulfport-commodities', rBol8);
rel('has_notify_party', 'e-us-gulfport-commodities', 'e-us-delta-customs-brokers', rBol8);

const rBol9 = bolRec('MAEU2290117', 'Bill of lading MAEU2290117: pipeline fittings, Hamburg to Houston', 'e-us-gulfport-commodities', '2022-01-14');
rel('ships_to', 'e-de-oakridge-energie', 'e-us-gulfport-commodities', rBol9);
const rBol10 = bolRec('OOLU8812045', 'Bill of lading OOLU8812045: organic chickpeas, Chennai to Newark', 'e-us-atlantic-steel-importers', '2023-06-30');
bolCompany('e-in-coromandel-agro', 'COROMANDEL AGRO EXPORTS PRIVATE LIMITED', 'IND', 'No. 14, Rajaji Salai, Chennai 600001, Tamil Nadu, India', rBol10,
  [['U01100TN2009PTC071234', 'ind_cin']]);
bolCompany('e-us-garden-state-foods', 'GARDEN STATE FOODS LLC', 'USA', '210 Raritan Center Parkway, Edison, NJ 08837, USA', rBol10, [['26-1190442', 'usa_ein']]);
rel('ships_to', 'e-in-coromandel-agro', 'e-us-garden-state-foods', rBol10);
rel('has_notify_party', 'e-us-garden-state-foods', 'e-us-atlantic-steel-importers', rBol10);
const rBol11 = bolRec('MSCUTI442210', 'Bill of lading MSCUTI442210: logistics equipment, Felixstowe to Houston', 'e-us-gulfport-commodities', '2019-10-11');
rel('ships_to', 'e-gb-northwind-logistics', 'e-us-pacific-rim-foods', rBol11);
rel('receives_from', 'e-us-gulfport-commodities', 'e-gb-harbourline-shipping-bol', rBol11);

// ---------------------------------------------------------------------------------------
// 12. A Ukrainian PEP with an associate link; misc links
// ---------------------------------------------------------------------------------------
const rPepMelnyk = pepRec('ihor-melnyk-1968', 'PEP profile: Ihor MELNYK, former Deputy of the Verkhovna Rada of Ukraine', 'p-ihor-melnyk', '2022-11-15');
person('p-ihor-melnyk', {
  label: 'Ihor MELNYK', r: rPepMelnyk, names: ['Ігор Мельник', 'Ihor MELNYK', 'Igor Melnik'], dob: '1968', countries: [['UKR', 'nationality'], ['AUT', 'residence']],
  position: { v: 'Deputy of the Verkhovna Rada of Ukraine', from: '2014-11-27', to: '2019-08-29' },
});
risk('p-ihor-melnyk', 'pep', rPepMelnyk, 'UKR');
rel('has_associate', 'p-ihor-melnyk', 'p-dmitri-volkov', rPepMelnyk, { position: 'business associate' });
person('p-oksana-melnyk', { label: 'Oksana MELNYK', r: rPepMelnyk, names: ['Оксана Мельник', 'Oksana MELNYK'], dob: '1994', countries: [['UKR', 'nationality']] });
rel('family_of', 'p-ihor-melnyk', 'p-oksana-melnyk', rPepMelnyk, { position: 'daughter' });
rel('linked_to', 'e-gb-riga-link-trading', 'e-gb-tavrida-commodities', rOfsiTav, { position: 'common address and nominee structure' });
rel('has_client', 'e-gb-hartley-morgan', 'e-gb-oakridge-energy', rChOeAcc, { position: 'Audit client', from: '2016' });
rel('has_auditor', 'e-gb-oakridge-energy', 'e-gb-hartley-morgan', rChOeAcc, { position: 'Statutory auditor', from: '2016' });
rel('has_employee', 'e-gb-harbourline-shipping', 'p-sarah-collins', rChHsAcc, { position: 'Company secretarial assistant', from: '2008-01', to: '2011-12' });

// ---------------------------------------------------------------------------------------
// 12b. Thistle & Rose Hotels: a Scottish hotel group (subsidiaries, hotel properties,
//      officers, a former director)
// ---------------------------------------------------------------------------------------
const rChTrCs = chRec('SC512345', 'CS01: Confirmation statement made on 21 August 2023 with no updates', 'e-gb-thistle-rose-hotels', '2023-08-24');
const rChTrAcc = chRec('SC512345', 'AA: Group of companies accounts made up to 31 March 2023', 'e-gb-thistle-rose-hotels', '2023-12-19');
const rChTrTm = chRec('SC512345', 'TM01: Termination of appointment of Alasdair Ross MACKENZIE as a director', 'e-gb-thistle-rose-hotels', '2021-01-15', false);
company('e-gb-thistle-rose-hotels', {
  names: 'THISTLE & ROSE HOTELS LIMITED', number: ['SC512345', 'gbr_company_number'], r: [rChTrCs, rChTrAcc],
  address: '12 Charlotte Square, Edinburgh EH2 4DJ', status: 'active', kind: 'Private limited Company',
  purpose: '55100 - Hotels and similar accommodation', contact: [['www.thistleandrosehotels.co.uk', 'website'], ['+44 131 496 0000', 'phone']],
});
const hotels = [
  ['edinburgh', 'Thistle & Rose Edinburgh', 'SC512401', '7 Queen Street, Edinburgh EH2 1JE', 'MID204411'],
  ['glasgow', 'Thistle & Rose Glasgow', 'SC512402', '88 West George Street, Glasgow G2 1PJ', 'GLA187723'],
  ['inverness', 'Thistle & Rose Inverness', 'SC512403', '15 Ness Bank, Inverness IV2 4SF', 'INV33120'],
  ['st-andrews', 'Thistle & Rose St Andrews', 'SC512404', '40 The Scores, St Andrews KY16 9AS', 'FFE90012'],
];
for (const [slug, name, num, address, title] of hotels) {
  const id = `e-gb-thistle-rose-${slug}`;
  company(id, {
    names: `${name.toUpperCase()} LIMITED`, number: [num, 'gbr_company_number'], r: rChTrAcc, address, status: 'active',
    kind: 'Private limited Company', purpose: '55100 - Hotels and similar accommodation',
  });
  rel('subsidiary_of', id, 'e-gb-thistle-rose-hotels', rChTrAcc, { shares: pct(100) });
  property(`pr-gb-hotel-${slug}`, {
    address, title, titleType: 'gbr_scotland_title_number', pub: `20${12 + hotels.findIndex((h) => h[0] === slug) * 2}-05-0${2 + hotels.findIndex((h) => h[0] === slug)}`,
    info: `Hotel (${name}); Registers of Scotland title`, owners: [[id, { shares: pct(100) }]],
  });
}
const trOfficers = [
  ['p-morag-fraser', 'Morag Elizabeth FRASER', '1970-01', 'has_director', 'Managing Director', '2015-08-21', undefined],
  ['p-callum-reid', 'Callum James REID', '1982-05', 'has_director', 'Finance Director', '2019-03-01', undefined],
  ['p-niamh-obrien', "Niamh O'BRIEN", '1986-09', 'has_secretary', 'Company Secretary', '2020-06-15', undefined],
  ['p-alasdair-mackenzie', 'Alasdair Ross MACKENZIE', '1949-11', 'has_director', 'Chairman', '2015-08-21', '2021-01-15'],
];
for (const [id, name, dob, type, position, from, to] of trOfficers) {
  const r = to ? rChTrTm : rChTrCs;
  person(id, { names: name, r, dob, countries: [['GBR', 'nationality'], ['GBR', 'residence']] });
  rel(type, 'e-gb-thistle-rose-hotels', id, r, { position, from, ...(to ? { to } : {}) });
}
rel('has_shareholder', 'e-gb-thistle-rose-hotels', 'p-morag-fraser', rChTrCs, { shares: pct(55, 55000, 'GBP') });
rel('has_shareholder', 'e-gb-thistle-rose-hotels', 'e-gb-albion-foods', rChTrCs, { shares: pct(20, 20000, 'GBP') });
rel('has_shareholder', 'e-gb-thistle-rose-hotels', 'p-alasdair-mackenzie', rChTrCs, { shares: pct(25, 25000, 'GBP') });
rel('has_auditor', 'e-gb-thistle-rose-hotels', 'e-gb-hartley-morgan', rChTrAcc, { position: 'Statutory auditor' });

// ---------------------------------------------------------------------------------------
// 12c. More trade: shippers, consignees and carriers from further bills of lading
// ---------------------------------------------------------------------------------------
const rBol12 = bolRec('ONEYSGN77120', 'Bill of lading ONEYSGN77120: cotton knitted garments, Ho Chi Minh City to Long Beach', 'e-us-lone-star-apparel', '2022-07-08');
const rBol13 = bolRec('ONEYSGN80433', 'Bill of lading ONEYSGN80433: cotton knitted garments, Ho Chi Minh City to Long Beach', 'e-us-lone-star-apparel', '2023-01-19');
const rBol14 = bolRec('HDMUPUS55021', 'Bill of lading HDMUPUS55021: brake assemblies, Busan to Long Beach', 'e-us-heartland-auto-supply', '2022-10-03');
const rBol15 = bolRec('MSCUSSZ19022', 'Bill of lading MSCUSSZ19022: green coffee beans, Santos to New Orleans', 'e-us-bayou-coffee-roasters', '2023-03-14');
const rBol16 = bolRec('CMDUMTY40112', 'Bill of lading CMDUMTY40112: steel rebar, Altamira to Houston', 'e-us-gulfport-commodities', '2021-12-06');
bolCompany('e-us-lone-star-apparel', 'LONE STAR APPAREL GROUP INC', 'USA', '2100 Ross Avenue, Dallas, TX 75201, USA', [rBol12, rBol13], [['75-2231190', 'usa_ein']]);
bolCompany('e-us-heartland-auto-supply', 'HEARTLAND AUTO SUPPLY LLC', 'USA', '4500 W 150th Street, Cleveland, OH 44135, USA', rBol14, [['34-1982230', 'usa_ein']]);
bolCompany('e-us-bayou-coffee-roasters', 'BAYOU COFFEE ROASTERS LLC', 'USA', '1100 Tchoupitoulas Street, New Orleans, LA 70130, USA', rBol15, [['72-1567002', 'usa_ein']]);
bolCompany('e-us-coastal-freight-forwarding', 'COASTAL FREIGHT FORWARDING INC', 'USA', '300 Oceangate, Suite 800, Long Beach, CA 90802, USA', [rBol12, rBol13, rBol14], [['95-3321877', 'usa_ein']]);
bolCompany('e-vn-saigon-garment', 'CÔNG TY TNHH MAY MẶC SÀI GÒN', 'VNM', '125 Nguyễn Văn Linh, Quận 7, Thành phố Hồ Chí Minh, Việt Nam', [rBol12, rBol13], [['0312456789', 'vnm_tax_code']]);
attr('e-vn-saigon-garment', 'name', [{ v: 'SAIGON GARMENT CO., LTD', r: [rBol12, rBol13] }]);
bolCompany('e-kr-busan-auto-parts', '부산자동차부품 주식회사', 'KOR', '55 Noksansaneop-daero, Gangseo-gu, Busan 46752, Republic of Korea', rBol14, [['605-81-22314', 'kor_brn']]);
attr('e-kr-busan-auto-parts', 'name', [{ v: 'BUSAN AUTO PARTS CO., LTD.', r: rBol14 }]);
bolCompany('e-br-santos-cafe-exportadora', 'EXPORTADORA DE CAFÉ SANTOS LTDA.', 'BRA', 'Rua XV de Novembro 95, Centro, Santos - SP, 11010-151, Brasil', rBol15, [['12.345.678/0001-90', 'bra_cnpj']]);
bolCompany('e-mx-aceros-del-golfo', 'ACEROS DEL GOLFO, S.A. DE C.V.', 'MEX', 'Carretera Tampico-Mante km 14.5, Altamira, Tamaulipas 89600, México', rBol16, [['AGO980312KL4', 'mex_rfc']]);
vessel('v-celtic-horizon', { names: 'CELTIC HORIZON', r: [rBol12, rBol13], ids: [['9701233', 'imo_number']], flag: ['SGP', 'flag'], info: 'Container ship, 8,200 TEU' });
vessel('v-pacific-dawn', { names: 'PACIFIC DAWN', r: [rBol14, rBol15], ids: [['9655018', 'imo_number']], flag: ['LBR', 'flag'], info: 'Container ship, 6,500 TEU' });
for (const r of [rBol12, rBol13]) {
  rel('ships_to', 'e-vn-saigon-garment', 'e-us-lone-star-apparel', r);
  rel('has_notify_party', 'e-us-lone-star-apparel', 'e-us-coastal-freight-forwarding', r);
  rel('has_carrier', 'e-vn-saigon-garment', 'v-celtic-horizon', r);
}
rel('receives_from', 'e-us-heartland-auto-supply', 'e-kr-busan-auto-parts', rBol14);
rel('has_notify_party', 'e-us-heartland-auto-supply', 'e-us-coastal-freight-forwarding', rBol14);
rel('has_carrier', 'e-kr-busan-auto-parts', 'v-pacific-dawn', rBol14);
rel('ships_to', 'e-br-santos-cafe-exportadora', 'e-us-bayou-coffee-roasters', rBol15);
rel('has_carrier', 'e-br-santos-cafe-exportadora', 'v-pacific-dawn', rBol15);
rel('ships_to', 'e-mx-aceros-del-golfo', 'e-us-gulfport-commodities', rBol16);
rel('has_notify_party', 'e-us-gulfport-commodities', 'e-us-delta-customs-brokers', rBol16);

// ---------------------------------------------------------------------------------------
// 12d. An OFAC-designated shipping network around the SEA FALCON's manager
// ---------------------------------------------------------------------------------------
const rOfacOrient = ofacRec('39011', 'SDN entry: ORIENT PACIFIC SHIPPING LIMITED (IRAN-EO13846)', 'e-hk-orient-pacific-shipping', '2023-02-09');
const rOfacKarimi = ofacRec('39012', 'SDN entry: KARIMI, Hossein (IRAN-EO13846)', 'p-hossein-karimi', '2023-02-09');
const rOfacParsian = ofacRec('39013', 'SDN entry: PARSIAN PETROCHEMICAL TRADING COMPANY (IRAN-EO13846)', 'e-ir-parsian-petrochemical-trading', '2023-02-09');
company('e-hk-orient-pacific-shipping', {
  names: [{ v: 'ORIENT PACIFIC SHIPPING LIMITED' }, { v: '東方太平洋航運有限公司' }], r: rOfacOrient, country: 'HKG', ids: [['3012874', 'hkg_company_number']],
  address: 'Room 1203, 12/F, Wing On Centre, 111 Connaught Road Central, Sheung Wan, Hong Kong', kind: 'Private company limited by shares',
});
risk('e-hk-orient-pacific-shipping', 'sanctioned_usa_ofac_sdn', rOfacOrient, 'USA');
person('p-hossein-karimi', {
  label: 'Hossein KARIMI', names: ['حسین کریمی', 'Hossein KARIMI', 'Hosein Karimi'], r: rOfacKarimi, dob: ['1966', '1967'],
  countries: [['IRN', 'nationality'], ['ARE', 'residence']], ids: ['H95128833', 'passport'], gender: 'male',
});
risk('p-hossein-karimi', 'sanctioned_usa_ofac_sdn', rOfacKarimi, 'USA');
company('e-ir-parsian-petrochemical-trading', {
  label: 'PARSIAN PETROCHEMICAL TRADING COMPANY', names: ['PARSIAN PETROCHEMICAL TRADING COMPANY', 'شرکت بازرگانی پتروشیمی پارسیان'], r: rOfacParsian,
  country: 'IRN', address: 'No. 21, Vanak Square, Tehran, Iran', kind: 'Private joint stock company',
});
risk('e-ir-parsian-petrochemical-trading', 'sanctioned_usa_ofac_sdn', rOfacParsian, 'USA');
risk('e-ir-parsian-petrochemical-trading', 'state_owned', rOfacParsian, 'IRN');
rel('has_director', 'e-hk-orient-pacific-shipping', 'p-hossein-karimi', rOfacKarimi, { position: 'Director' });
rel('has_shareholder', 'e-hk-orient-pacific-shipping', 'p-hossein-karimi', rOfacOrient); // owned - percentage unknown
rel('linked_to', 'e-hk-orient-pacific-shipping', 'e-ae-gulf-star-maritime', rOfacOrient);
rel('has_client', 'e-hk-orient-pacific-shipping', 'e-ir-parsian-petrochemical-trading', rOfacParsian, { position: 'Shipping of petrochemical cargo' });
rel('carrier_of', 'v-sea-falcon', 'e-ir-parsian-petrochemical-trading', rOfacFalcon, { date: '2022-06' });

// ---------------------------------------------------------------------------------------
// 12e. A Serbian PEP with a Montenegrin coastal villa held through a local company
// ---------------------------------------------------------------------------------------
const rPepPetrovic = pepRec('goran-petrovic-1963', 'PEP profile: Goran PETROVIĆ, State Secretary, Ministry of Construction of Serbia', 'p-goran-petrovic', '2023-09-12');
const rPepPetrovicAssets = pepRec('goran-petrovic-1963', 'Asset declaration summary: Goran PETROVIĆ (Agency for Prevention of Corruption)', 'p-goran-petrovic', '2023-04-03');
person('p-goran-petrovic', {
  label: 'Goran PETROVIĆ', names: ['Горан Петровић', 'Goran PETROVIĆ', 'Goran Petrovic'], r: [rPepPetrovic], dob: '1963-02-17',
  countries: [['SRB', 'nationality'], ['SRB', 'residence']], position: { v: 'State Secretary, Ministry of Construction, Transport and Infrastructure', from: '2020-10-28' },
});
risk('p-goran-petrovic', 'pep', rPepPetrovic, 'SRB');
person('p-milica-petrovic', {
  label: 'Milica PETROVIĆ', names: ['Милица Петровић', 'Milica PETROVIĆ'], r: rPepPetrovicAssets, dob: '1966', countries: [['SRB', 'nationality']],
});
rel('family_of', 'p-goran-petrovic', 'p-milica-petrovic', rPepPetrovicAssets, { position: 'spouse' });
company('e-me-adriatic-coast', {
  names: 'ADRIATIC COAST D.O.O. BUDVA', r: rPepPetrovicAssets, country: 'MNE', ids: [['5-0812334', 'mne_crps_number']],
  address: 'Trg Slobode 4, 85310 Budva, Montenegro', kind: 'Društvo sa ograničenom odgovornošću', status: 'active',
});
rel('has_shareholder', 'e-me-adriatic-coast', 'p-milica-petrovic', rPepPetrovicAssets, { shares: pct(100, 1, 'EUR') });
const rLrBudva = rec('pep', PEP, 'Asset declaration: villa in Bečići, Budva (declared by spouse)', 'pr-me-becici-villa', '2023-04-03',
  { url: 'https://pep-register.example.org/persons/goran-petrovic-1963/assets/2' });
ent('pr-me-becici-villa', 'property', 'Villa Jadran, Bečići bb, 85310 Budva, Montenegro');
attr('pr-me-becici-villa', 'name', 'Villa Jadran, Bečići bb, 85310 Budva, Montenegro', rLrBudva);
attr('pr-me-becici-villa', 'address', 'Villa Jadran, Bečići bb, 85310 Budva, Montenegro', rLrBudva);
attr('pr-me-becici-villa', 'country', [['MNE', 'location']], rLrBudva);
attr('pr-me-becici-villa', 'additional_information', 'Declared value EUR 1,900,000', rLrBudva);
rel('has_owner', 'pr-me-becici-villa', 'e-me-adriatic-coast', rLrBudva, { from: '2019-07', shares: pct(100, 1900000, 'EUR') });
rel('has_associate', 'p-goran-petrovic', 'p-andrei-popescu', rPepPetrovic, { position: 'business associate' });

// ---------------------------------------------------------------------------------------
// 12f. A Luxembourg fund: general partner, manager, limited partners
// ---------------------------------------------------------------------------------------
const rChFund = chRec('LP021554', 'LPs: Annual confirmation - NORTHBRIDGE CAPITAL PARTNERS (UK FEEDER) LP', 'e-gb-northbridge-feeder-lp', '2023-04-18', false);
company('e-lu-northbridge-capital-partners', {
  names: 'Northbridge Capital Partners SCSp', r: rChFund, country: 'LUX', ids: [['B241177', 'lux_rcs_number']],
  address: '2, rue Edward Steichen, L-2540 Luxembourg', kind: 'Société en commandite spéciale', status: 'active',
  purpose: 'Private equity investment in European mid-market companies',
});
company('e-lu-northbridge-gp', {
  names: 'Northbridge GP S.à r.l.', r: rChFund, country: 'LUX', ids: [['B240981', 'lux_rcs_number']],
  address: '2, rue Edward Steichen, L-2540 Luxembourg', kind: 'Société à responsabilité limitée', status: 'active',
});
company('e-gb-northbridge-feeder-lp', {
  names: 'NORTHBRIDGE CAPITAL PARTNERS (UK FEEDER) LP', number: ['LP021554', 'gbr_company_number'], r: rChFund,
  address: '30 St Mary Axe, London EC3A 8BF', kind: 'Limited Partnership', status: 'active',
});
company('e-gb-northbridge-advisers', {
  names: 'NORTHBRIDGE ADVISERS LLP', number: ['OC388120', 'gbr_company_number'], r: rChFund,
  address: '30 St Mary Axe, London EC3A 8BF', kind: 'Limited Liability Partnership', status: 'active',
  purpose: '66300 - Fund management activities',
});
person('p-sophie-laurent', { names: 'Sophie LAURENT', r: rChFund, dob: '1978-03', countries: [['FRA', 'nationality'], ['LUX', 'residence']], position: 'Gérante' });
person('p-william-ashford', { names: 'William Henry ASHFORD', r: rChFund, dob: '1971-12', countries: [['GBR', 'nationality']], position: 'Managing Partner' });
rel('has_partner', 'e-lu-northbridge-capital-partners', 'e-lu-northbridge-gp', rChFund, { position: 'General partner (associé commandité)' });
rel('has_partner', 'e-lu-northbridge-capital-partners', 'e-gb-northbridge-feeder-lp', rChFund, { position: 'Limited partner', shares: pct(62.5) });
rel('has_shareholder', 'e-lu-northbridge-capital-partners', 'e-gb-northbridge-feeder-lp', rChFund, { shares: pct(62.5) });
rel('has_manager', 'e-lu-northbridge-capital-partners', 'e-gb-northbridge-advisers', rChFund, { position: 'Investment adviser' });
rel('has_manager', 'e-lu-northbridge-gp', 'p-sophie-laurent', rChFund, { position: 'Gérante' });
rel('has_partner', 'e-gb-northbridge-advisers', 'p-william-ashford', rChFund, { position: 'Designated member' });
rel('has_shareholder', 'e-gb-thistle-rose-hotels', 'e-lu-northbridge-capital-partners', rChTrCs, { from: '2016-02', to: '2020-11-30', shares: pct(40) });

// ---------------------------------------------------------------------------------------
// 12g. A Belarusian state-owned potash producer (several lists), its Swiss trading arm
//      (formerly sanctioned) and a Lithuanian terminal
// ---------------------------------------------------------------------------------------
const rEuBelmin = euRec('EU.6871.02', 'EU listing: OAO BELARUSIAN MINERAL FERTILIZERS, Annex I to Regulation (EC) No 765/2006', 'e-by-belmin-fertilizers', '2021-12-02', '32021R2124');
const rOfacBelmin = ofacRec('37455', 'SDN entry: OPEN JOINT STOCK COMPANY BELARUSIAN MINERAL FERTILIZERS (BELARUS-EO14038)', 'e-by-belmin-fertilizers', '2021-08-09');
const rOfsiBelmin = ofsiRec('14522', 'OFSI Group ID 14522: BELARUSIAN MINERAL FERTILIZERS OAO', 'e-by-belmin-fertilizers', '2021-08-09');
company('e-by-belmin-fertilizers', {
  label: 'OAO BELARUSIAN MINERAL FERTILIZERS', r: [rEuBelmin, rOfacBelmin], country: 'BLR',
  names: [{ v: 'OAO BELARUSIAN MINERAL FERTILIZERS' }, { v: 'ААТ «Беларускія мінеральныя ўгнаенні»', r: rEuBelmin }, { v: 'ОАО «Белорусские минеральные удобрения»', r: rEuBelmin }, { v: 'BELMINUDOBRENIYA', r: rOfsiBelmin }],
  ids: [['600122334', 'blr_unp']], address: 'ul. Korzha 5, Soligorsk 223710, Minsk Region, Belarus', status: 'active',
  kind: 'Open joint stock company', purpose: 'Mining and processing of potash ore; production of potassium fertilizers',
});
risk('e-by-belmin-fertilizers', 'sanctioned_eu_sanctions', rEuBelmin, 'XXX');
risk('e-by-belmin-fertilizers', 'sanctioned_usa_ofac_sdn', rOfacBelmin, 'USA');
risk('e-by-belmin-fertilizers', 'sanctioned_gbr_hmt_ofsi', rOfsiBelmin, 'GBR');
risk('e-by-belmin-fertilizers', 'state_owned_blr', rEuBelmin, 'BLR');
ent('e-by-state-property-committee', 'government_organization', 'State Property Committee of the Republic of Belarus');
attr('e-by-state-property-committee', 'name', ['State Property Committee of the Republic of Belarus', 'Дзяржаўны камітэт па маёмасці Рэспублікі Беларусь'], rEuBelmin);
attr('e-by-state-property-committee', 'country', [['BLR', 'registration']], rEuBelmin);
rel('has_shareholder', 'e-by-belmin-fertilizers', 'e-by-state-property-committee', rEuBelmin, { shares: pct(100) });
const rEuKov = euRec('EU.6871.03', 'EU listing: Aliaksandr Mikalaevich KAVALENKA, Annex I to Regulation (EC) No 765/2006', 'p-aliaksandr-kavalenka', '2021-12-02', '32021R2124');
person('p-aliaksandr-kavalenka', {
  label: 'Aliaksandr Mikalaevich KAVALENKA', r: rEuKov,
  names: ['Аляксандр Мікалаевіч Каваленка', 'Александр Николаевич Коваленко', 'Aliaksandr Mikalaevich KAVALENKA', 'Aleksandr Kovalenko'],
  dob: '1969-04-22', countries: [['BLR', 'nationality']], position: 'General Director, OAO Belarusian Mineral Fertilizers', gender: 'male',
});
risk('p-aliaksandr-kavalenka', 'sanctioned_eu_sanctions', rEuKov, 'XXX');
rel('has_director', 'e-by-belmin-fertilizers', 'p-aliaksandr-kavalenka', rEuKov, { position: 'General Director', from: '2018-01' });
const rOfacBelminCh = ofacRec('37456', 'SDN removal: BELMIN TRADING SA (delisted 2023-05-11)', 'e-ch-belmin-trading', '2023-05-11');
company('e-ch-belmin-trading', {
  names: 'Belmin Trading SA', r: rOfacBelminCh, country: 'CHE', ids: [['CHE-112.334.556', 'che_uid']],
  address: 'Rue du Rhône 14, 1204 Genève, Suisse', kind: 'Société anonyme', status: 'active',
});
risk('e-ch-belmin-trading', 'formerly_sanctioned_usa_ofac_sdn', rOfacBelminCh, 'USA');
rel('subsidiary_of', 'e-ch-belmin-trading', 'e-by-belmin-fertilizers', rOfacBelmin, { to: '2022-12-31', shares: pct(100) });
const rBol17 = bolRec('MSCUKLJ0311', 'Bill of lading MSCUKLJ0311: potassium chloride, Klaipėda to New Orleans', 'e-us-bayou-agri-supply', '2021-05-06');
bolCompany('e-lt-baltic-bulk-terminal', 'AB „BALTIJOS BIRIŲ KROVINIŲ TERMINALAS“', 'LTU', 'Nemuno g. 24, LT-93277 Klaipėda, Lietuva', rBol17, [['140123456', 'ltu_company_code']]);
attr('e-lt-baltic-bulk-terminal', 'name', [{ v: 'BALTIC BULK TERMINAL AB', r: rBol17 }]);
bolCompany('e-us-bayou-agri-supply', 'BAYOU AGRI SUPPLY LLC', 'USA', '800 Port of New Orleans Place, New Orleans, LA 70130, USA', rBol17, [['72-1440981', 'usa_ein']]);
vessel('v-baltic-trader', { names: 'BALTIC TRADER', r: rBol17, ids: [['9288112', 'imo_number']], flag: ['MLT', 'flag'], info: 'Bulk carrier, 52,000 DWT' });
rel('ships_to', 'e-ch-belmin-trading', 'e-us-bayou-agri-supply', rBol17);
rel('shipped_by', 'e-us-bayou-agri-supply', 'e-lt-baltic-bulk-terminal', rBol17);
rel('has_carrier', 'e-ch-belmin-trading', 'v-baltic-trader', rBol17);
rel('has_notify_party', 'e-us-bayou-agri-supply', 'e-us-delta-customs-brokers', rBol17);

// ---------------------------------------------------------------------------------------
// 12h. Riverside Quarter: a London development whose flats were sold to offshore buyers
// ---------------------------------------------------------------------------------------
const rChRq = chRec('09112233', 'CS01: Confirmation statement made on 2 October 2023 with no updates', 'e-gb-riverside-quarter', '2023-10-05');
company('e-gb-riverside-quarter', {
  names: 'RIVERSIDE QUARTER DEVELOPMENTS LIMITED', number: ['09112233', 'gbr_company_number'], r: rChRq,
  address: '1 Riverside Quarter, Point Pleasant, London SW18 1GP', status: 'active', kind: 'Private limited Company',
  purpose: '41100 - Development of building projects',
});
person('p-daniel-okafor', { names: 'Daniel Chukwuemeka OKAFOR', r: rChRq, dob: '1975-08', countries: [['GBR', 'nationality'], ['GBR', 'residence']] });
rel('has_director', 'e-gb-riverside-quarter', 'p-daniel-okafor', rChRq, { position: 'Director', from: '2014-06-02' });
rel('has_shareholder', 'e-gb-riverside-quarter', 'p-daniel-okafor', rChRq, { shares: pct(100, 100, 'GBP') });
const rqFlats = [
  ['pr-gb-riverside-quarter-flat-301', 'Flat 301, 2 Riverside Quarter, London SW18 1GS', 'TGL401220', 'e-vg-akamas-global', 1450000, '2016-03-11'],
  ['pr-gb-riverside-quarter-flat-512', 'Flat 512, 2 Riverside Quarter, London SW18 1GS', 'TGL401233', 'p-sergei-orlov', 1725000, '2016-05-20'],
  ['pr-gb-riverside-quarter-flat-704', 'Flat 704, 3 Riverside Quarter, London SW18 1GT', 'TGL401251', 'p-andrei-popescu', 1310000, '2017-01-27'],
  ['pr-gb-riverside-quarter-penthouse', 'Penthouse 1, 3 Riverside Quarter, London SW18 1GT', 'TGL401260', 'e-vg-kourion-global', 3950000, '2017-09-08'],
];
for (const [id, address, title, owner, price, date] of rqFlats) {
  property(id, {
    address, title, pub: addDays(date, 21), info: `Leasehold flat; price paid GBP ${price.toLocaleString('en-GB')}`,
    owners: [[owner, { from: date, shares: pct(100, price, 'GBP') }], ['e-gb-riverside-quarter', { to: date, shares: pct(100) }]],
  });
}

// A business jet listed as blocked property of Viktor ANTONOV, registered to Aldgate Ventures.
ent('ac-m-vsan', 'aircraft', 'M-VSAN');
attr('ac-m-vsan', 'name', ['M-VSAN', 'Gulfstream G650ER M-VSAN'], rOfacViktor);
attr('ac-m-vsan', 'identifier', [['M-VSAN', 'aircraft_registration'], ['6412', 'manufacturer_serial_number']], rOfacViktor);
attr('ac-m-vsan', 'country', [['IMN', 'registration']], rOfacViktor);
rel('has_owner', 'ac-m-vsan', 'e-vg-aldgate-ventures', rOfacViktor, { from: '2019-03', shares: pct(100) });

// ---------------------------------------------------------------------------------------
// 13. Possibly-same-as pairs (target: value on a, source: value on b)
// ---------------------------------------------------------------------------------------
psa('p-viktor-antonov', 'p-viktor-antonov-psc', {
  name: [{ target: 'Viktor Sergeyevich ANTONOV', source: 'Victor ANTONOV' }],
  date_of_birth: [{ target: '1964-07-12', source: '1964-07' }],
  country: [{ target: 'RUS', source: 'RUS' }],
});
psa('p-dmitri-volkov', 'p-dmitry-volkov-ch', {
  name: [{ target: 'Dmitri Aleksandrovich VOLKOV', source: 'Dmitry VOLKOV' }],
  date_of_birth: [{ target: '1971-11-04', source: '1971-11' }],
});
psa('p-andreas-georgiou', 'p-andreas-georgiou-cy', { name: [{ target: 'Ανδρέας Γεωργίου', source: 'ΑΝΔΡΕΑΣ ΓΕΩΡΓΙΟΥ' }] });
psa('p-timur-bekov', 'p-timur-bekov-ch', {
  name: [{ target: 'Timur Serikovich BEKOV', source: 'Timur BEKOV' }], date_of_birth: [{ target: '1975-01-30', source: '1975-01' }],
});
psa('p-james-whitfield', 'p-james-a-whitfield', {
  name: [{ target: 'James Anthony WHITFIELD', source: 'James WHITFIELD' }], date_of_birth: [{ target: '1959-10', source: '1959' }],
});
psa('e-gb-harbourline-shipping', 'e-gb-harbourline-shipping-bol', {
  name: [{ target: 'HARBOURLINE SHIPPING LIMITED', source: 'HARBOURLINE SHIPPING LTD' }],
  address: [{ target: 'Berth 42, Tilbury Docks, Tilbury, Essex RM18 7EH', source: 'TILBURY DOCKS, TILBURY ESSEX RM18 7EH UNITED KINGDOM' }],
});
psa('v-sea-falcon', 'v-sea-falcon-bol', {
  name: [{ target: 'SEA FALCON', source: 'SEAFALCON' }], identifier: [{ target: '9387412', source: '9387412' }],
});

// ---------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------
const failures = [];
const check = (ok, msg) => { if (!ok) failures.push(msg); };

const relSrc = readFileSync(join(here, '..', 'src', 'domain', 'relationships.ts'), 'utf8');
const relTypes = new Set([...relSrc.matchAll(/\['([a-z_]+)', '([a-z_]+)'\]/g)].flatMap((m) => [m[1], m[2]]));
const riskSrc = readFileSync(join(here, '..', 'src', 'domain', 'risk.ts'), 'utf8');
const quoted = (s) => riskSrc.includes(`'${s}'`);
function directFactor(f) {
  if (/_adjacent$|^owned_by_|^owner_of_|^psa_|_50_percent_rule$/.test(f)) return false;
  if (quoted(f)) return true;
  let m = /^(?:formerly_)?sanctioned_(.+)$/.exec(f);
  if (m && quoted(m[1])) return true;
  m = /^reputational_risk_(.+?)(_breaking|_historic|_recent)?$/.exec(f);
  return Boolean(m && quoted(m[1]));
}
const countrySrc = (() => {
  try { return readFileSync(join(here, '..', 'src', 'domain', 'countries.ts'), 'utf8'); } catch { return null; }
})();
const isCountry = (c) => /^[A-Z]{3}$/.test(c) && (countrySrc === null || countrySrc.includes(` ${c} `) || countrySrc.includes(`'${c} `) || countrySrc.includes(` ${c}'`));
const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
function isDate(v) {
  const m = DATE.exec(v);
  if (!m) return false;
  const month = m[2] === undefined ? 1 : Number(m[2]);
  if (month < 1 || month > 12) return false;
  if (m[3] === undefined) return true;
  const day = Number(m[3]);
  return day >= 1 && day <= new Date(Date.UTC(Number(m[1]), month, 0)).getUTCDate();
}

const sourceIds = new Set(sources.map((s) => s.id));
for (const s of sources) check(isCountry(s.country), `source ${s.id} country ${s.country}`);
for (const r of records.values()) {
  check(sourceIds.has(r.source), `record ${r.id} source ${r.source}`);
  for (const d of [r.publication_date, r.acquisition_date]) check(isDate(d), `record ${r.id} date ${d}`);
  for (const x of r.references) check(entities.has(x.entity), `record ${r.id} references ${x.entity}`);
  check(r.references.length > 0, `record ${r.id} references nothing`);
}
for (const e of entities.values()) {
  check(e.attributes.some((a) => a.field === 'name'), `entity ${e.id} has no name`);
  for (const a of e.attributes) {
    for (const r of a.records) check(records.has(r), `entity ${e.id} attribute ${a.field} record ${r}`);
    for (const k of ['from_date', 'to_date', 'date']) if (a[k] !== undefined) check(isDate(a[k]), `entity ${e.id} ${a.field}.${k} ${a[k]}`);
    if (a.field === 'country') check(isCountry(a.value), `entity ${e.id} country ${a.value}`);
    if (a.field === 'date_of_birth') check(isDate(a.value), `entity ${e.id} dob ${a.value}`);
  }
  for (const f of e.risk) {
    check(directFactor(f.factor), `entity ${e.id} factor ${f.factor}`);
    for (const c of f.country) check(isCountry(c), `entity ${e.id} factor country ${c}`);
    for (const r of f.records) check(records.has(r), `entity ${e.id} factor record ${r}`);
  }
  check([...records.values()].some((r) => r.references.some((x) => x.entity === e.id)), `entity ${e.id} is in no record`);
}
for (const r of rels) {
  check(relTypes.has(r.type), `relationship type ${r.type}`);
  check(entities.has(r.from) && entities.has(r.to), `relationship ${r.type} ${r.from} -> ${r.to}`);
  check(r.from !== r.to, `self relationship ${r.from}`);
  check(records.has(r.record), `relationship record ${r.record}`);
  for (const k of ['date', 'from_date', 'to_date']) if (r[k] !== undefined) check(isDate(r[k]), `relationship ${r.from}->${r.to} ${k} ${r[k]}`);
}
for (const p of psas) check(entities.has(p.a) && entities.has(p.b) && p.a !== p.b, `psa ${p.a} ~ ${p.b}`);

// Graph facts promised in seed/README.md.
const isSanctioned = (id) => entities.get(id).risk.some((f) => f.factor.startsWith('sanctioned'));
const isPep = (id) => entities.get(id).risk.some((f) => f.factor === 'pep');
function adjacency(withPsa) {
  const adj = new Map([...entities.keys()].map((id) => [id, new Set()]));
  for (const r of rels) { adj.get(r.from)?.add(r.to); adj.get(r.to)?.add(r.from); }
  if (withPsa) for (const p of psas) { adj.get(p.a)?.add(p.b); adj.get(p.b)?.add(p.a); }
  return adj;
}
function nearest(start, adj, hit) {
  const dist = new Map([[start, 0]]);
  const queue = [start];
  const found = [];
  let best = Infinity;
  while (queue.length) {
    const id = queue.shift();
    const d = dist.get(id);
    if (d > best) break;
    if (id !== start && hit(id)) { best = d; found.push(id); continue; }
    for (const n of adj.get(id)) if (!dist.has(n)) { dist.set(n, d + 1); queue.push(n); }
  }
  return { distance: best, found: found.sort() };
}
const adjNoPsa = adjacency(false);
const adjPsa = adjacency(true);
const watch = (id) => isSanctioned(id) || isPep(id);
/** Expected nearest watchlist hits: [distance, ids] for sanctioned-only, sanctioned-or-pep, and sanctioned-or-pep with psa. */
function expectNearest(start, sanctioned, watchlist = sanctioned, withPsa = watchlist) {
  check(!isSanctioned(start) && !isPep(start), `${start} should be clean`);
  for (const [label, adj, hit, want] of [['sanctioned', adjNoPsa, isSanctioned, sanctioned], ['watchlist', adjNoPsa, watch, watchlist],
    ['watchlist+psa', adjPsa, watch, withPsa]]) {
    if (want === null) continue;
    const got = nearest(start, adj, hit);
    check(got.distance === want[0] && JSON.stringify(got.found) === JSON.stringify(want[1]),
      `${start}: nearest ${label} expected ${want}, got ${got.distance} ${got.found}`);
  }
}
expectNearest('e-gb-baltic-build-supplies', [1, ['e-ru-severstroy']]);
expectNearest('e-cy-northwind-holdings', [2, ['p-viktor-antonov']]);
expectNearest('e-vg-corvus-trading', [2, ['p-viktor-antonov']]);
expectNearest('e-gb-aldermoor-trading', [2, ['e-gb-tavrida-commodities']]);
expectNearest('e-gb-northwind-logistics', [3, ['p-viktor-antonov']]);
expectNearest('e-gb-harbourline-group', [3, ['p-viktor-antonov']], [3, ['p-andreas-georgiou', 'p-viktor-antonov']]);
expectNearest('e-gb-oakridge-energy-holdings', [3, ['e-gb-tavrida-commodities', 'p-dmitri-volkov']],
  [3, ['e-gb-tavrida-commodities', 'p-dmitri-volkov']], [2, ['p-dmitri-volkov']]);
expectNearest('e-gb-steppe-grain-exports', null, [3, ['p-timur-bekov']], [2, ['p-timur-bekov']]);

/** UBO chain: following ownership edges (ubo types, stored direction) from `start`. */
const UBO = new Set(['has_shareholder', 'has_beneficial_owner', 'has_owner', 'subsidiary_of', 'branch_of']);
const INVERSE_UBO = { shareholder_of: 1, beneficial_owner_of: 1, owner_of: 1, has_subsidiary: 1, has_branch: 1 };
function uboDepths(start) {
  const out = new Map();
  for (const r of rels) {
    let from; let to;
    if (UBO.has(r.type)) { from = r.from; to = r.to; } else if (INVERSE_UBO[r.type]) { from = r.to; to = r.from; } else continue;
    if (!out.has(from)) out.set(from, new Set());
    out.get(from).add(to);
  }
  const dist = new Map([[start, 0]]);
  const queue = [start];
  while (queue.length) {
    const id = queue.shift();
    for (const n of out.get(id) ?? []) if (!dist.has(n)) { dist.set(n, dist.get(id) + 1); queue.push(n); }
  }
  return dist;
}
function expectUbo(start, persons) {
  const d = uboDepths(start);
  for (const [p, depth] of Object.entries(persons)) check(d.get(p) === depth, `ubo ${start} -> ${p}: expected ${depth}, got ${d.get(p)}`);
  const personsAt = [...d.entries()].filter(([id, n]) => entities.get(id).type === 'person' && n === 1);
  check(personsAt.length === 0 || start === 'e-gb-harbourline-group', `ubo ${start} has direct natural-person owners ${personsAt}`);
}
expectUbo('e-gb-northwind-logistics', { 'p-viktor-antonov': 3, 'p-elena-antonova': 3 });
expectUbo('e-gb-harbourline-shipping', { 'p-andreas-georgiou': 4, 'p-nikos-papadakis': 4, 'p-oliver-grant': 2 });
expectUbo('e-gb-oakridge-energy', { 'p-dmitri-volkov': 4, 'p-francois-lefevre': 5, 'p-joseph-camilleri': 4 });
expectUbo('e-gb-steppe-grain-exports', { 'p-timur-bekov': 3 });
// The cycle.
const d = uboDepths('e-cy-kestrel-capital');
check(d.has('e-cy-lindos-investments') && uboDepths('e-cy-lindos-investments').has('e-cy-kestrel-capital'), 'ownership cycle');
const hubDegree = rels.filter((r) => r.type === 'has_registered_agent' && r.to === 'e-gb-crown-formations').length;
check(hubDegree >= 30, `hub degree ${hubDegree}`);

if (process.env.SAMPLE_DIAG) {
  for (const id of process.env.SAMPLE_DIAG.split(',')) {
    console.log(id, 'sanctioned', nearest(id, adjNoPsa, isSanctioned), 'watch', nearest(id, adjNoPsa, watch), 'watch+psa', nearest(id, adjPsa, watch));
  }
}
if (failures.length) {
  console.error(`build-sample: ${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------
const lines = [
  ...sources,
  ...records.values(),
  ...entities.values(),
  ...rels,
  ...psas,
].map((o) => {
  if (o.kind === 'entity' && o.risk.length === 0) { const { risk: _r, ...rest } = o; return JSON.stringify(rest); }
  return JSON.stringify(o);
});
writeFileSync(OUT, `${lines.join('\n')}\n`);
const count = (kind) => lines.filter((l) => l.includes(`"kind":"${kind}"`)).length;
const byType = {};
for (const e of entities.values()) byType[e.type] = (byType[e.type] ?? 0) + 1;
console.log(`wrote ${OUT}: ${sources.length} sources, ${records.size} records, ${entities.size} entities ${JSON.stringify(byType)}, `
  + `${rels.length} relationships, ${psas.length} possibly_same_as (${count('entity')} entity lines); hub degree ${hubDegree}`);
