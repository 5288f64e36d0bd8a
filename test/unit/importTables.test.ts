/**
 * Every row of the importers' mapping tables (src/importers/tables.ts, docs/import-formats.md):
 * a record using the row is converted and the ingest line it gives carries the row's mapping.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BodsConverter } from '../../src/importers/bods';
import type { Converter } from '../../src/importers/common';
import { countryId } from '../../src/importers/common';
import { FtmConverter } from '../../src/importers/ftm';
import {
  BODS_ENTITY_TYPES, BODS_IDENTIFIER_SCHEMES, BODS_INTEREST_TYPES, FTM_DATED_STATUS_PROPERTIES, FTM_ENTITY_SCHEMATA,
  FTM_INTERVAL_SCHEMATA, FTM_PROPERTIES, FTM_REFERENCE_PROPERTIES, FTM_SANCTIONS_DATASETS, FTM_TOPICS,
} from '../../src/importers/tables';
import type { EntityLine, IngestLine, RelationshipLine } from '../../src/ingest/validate';
import { parseLine } from '../../src/ingest/validate';

/** Runs both passes over `values`; every line given must be a valid ingest line. */
function convert(converter: Converter, values: unknown[]): IngestLine[] {
  values.forEach((value, i) => converter.collect({ no: i + 1, value }));
  const out = [...converter.preamble()];
  values.forEach((value, i) => {
    const lines = converter.convert({ no: i + 1, value });
    if ('error' in lines) throw new Error(lines.error);
    out.push(...lines);
  });
  for (const line of out) {
    const parsed = parseLine(JSON.stringify(line));
    if ('error' in parsed) throw new Error(`${JSON.stringify(line)}: ${parsed.error}`);
  }
  return out;
}
const entities = (lines: IngestLine[]) => lines.filter((l): l is EntityLine => l.kind === 'entity');
const relationships = (lines: IngestLine[]) => lines.filter((l): l is RelationshipLine => l.kind === 'relationship');

const SAMPLE_VALUE: Record<string, string> = {
  country: 'gb', nationality: 'gb', citizenship: 'gb', jurisdiction: 'gb', mainCountry: 'gb', flag: 'gb', birthDate: '1970-01-02',
};

describe('FtM tables', () => {
  test.each(Object.entries(FTM_ENTITY_SCHEMATA))('schema %s becomes a %s entity', (schema, type) => {
    const [entity] = entities(convert(new FtmConverter(), [{ id: 'x', schema, properties: { name: ['X'] } }]));
    expect(entity.type).toBe(type);
    expect(entity.label).toBeUndefined();
    expect(entity.attributes).toEqual([expect.objectContaining({ field: 'name', value: 'X' })]);
  });

  test.each(Object.entries(FTM_INTERVAL_SCHEMATA))('interval schema %s becomes a relationship', (schema, m) => {
    const props: Record<string, string[]> = { [m.from]: ['a'], [m.to]: ['b'], startDate: ['2001-02'], endDate: ['2003'] };
    if (m.position) props[m.position] = ['the role'];
    const [rel] = relationships(convert(new FtmConverter(), [{ id: 'r', schema, properties: props, datasets: ['d'] }]));
    expect(rel).toEqual(expect.objectContaining({ id: 'r', type: m.type, from: 'a', to: 'b', from_date: '2001-02', to_date: '2003' }));
    if (m.position) expect(rel.position).toBe('the role');
  });

  test('an Ownership carries its percentage, value and currency', () => {
    const [rel] = relationships(convert(new FtmConverter(), [{ id: 'o', schema: 'Ownership', properties: { owner: ['p'], asset: ['c'], percentage: ['60%'], sharesValue: ['100'], sharesCurrency: ['EUR'] } }]));
    expect(rel.shares).toEqual([{ percentage: 60, monetary_value: 100, currency: 'EUR' }]);
  });

  test.each(Object.entries(FTM_REFERENCE_PROPERTIES))('reference property %s becomes a %s relationship', (prop, type) => {
    const [rel] = relationships(convert(new FtmConverter(), [{ id: 'x', schema: 'Company', properties: { name: ['X'], [prop]: ['y'] } }]));
    expect(rel).toEqual(expect.objectContaining({ type, from: 'x', to: 'y' }));
  });

  test.each(Object.entries(FTM_PROPERTIES))('property %s becomes attribute %o', (prop, m) => {
    const raw = SAMPLE_VALUE[prop] ?? (FTM_DATED_STATUS_PROPERTIES.has(prop) ? '2010-05-06' : 'some value');
    const [entity] = entities(convert(new FtmConverter(), [{ id: 'x', schema: 'Person', properties: { [prop]: [raw] } }]));
    const attr = entity.attributes![0];
    expect(attr.field).toBe(m.field);
    if (m.field === 'country') expect(attr).toEqual(expect.objectContaining({ value: 'GBR', type: m.type }));
    else if (FTM_DATED_STATUS_PROPERTIES.has(prop)) expect(attr).toEqual(expect.objectContaining({ value: m.type, date: '2010-05-06' }));
    else if (m.field === 'date_of_birth') expect(attr.value).toBe('1970-01-02');
    else expect(attr).toEqual(expect.objectContaining({ value: raw, ...(m.type ? { type: m.type } : {}) }));
  });

  test.each(Object.entries(FTM_TOPICS))('topic %s gives %s', (topic, factor) => {
    const converter = new FtmConverter();
    const [entity] = entities(convert(converter, [{ id: 'x', schema: 'Person', properties: { topics: [topic] } }]));
    if (factor === null) {
      expect(entity.risk).toEqual([]);
      expect(converter.unmapped.toJSON()['topic the graph derives from links (not stored)']).toEqual({ [topic]: 1 });
    } else {
      expect(entity.risk!.map((r) => r.factor)).toEqual([factor]);
    }
  });

  test.each(Object.entries(FTM_SANCTIONS_DATASETS))('dataset %s adds sanctioned_%s', (dataset, list) => {
    const [entity] = entities(convert(new FtmConverter(), [{ id: 'x', schema: 'Person', properties: { topics: ['sanction'] }, datasets: [dataset] }]));
    expect(entity.risk!.map((r) => r.factor).sort()).toEqual(['sanctioned', `sanctioned_${list}`]);
  });

  test('Address, Identification and Passport become attributes of their entity; Sanction a record; referents links', () => {
    const lines = convert(new FtmConverter(), [
      { id: 'x', schema: 'Person', properties: { name: ['X'], addressEntity: ['a'] }, referents: ['y'] },
      { id: 'y', schema: 'Person', properties: { name: ['Y'] } },
      { id: 'a', schema: 'Address', properties: { full: ['1 Main St'] } },
      { id: 'i', schema: 'Identification', properties: { holder: ['x'], number: ['123'], type: ['Tax ID'], country: ['de'] } },
      { id: 'p', schema: 'Passport', properties: { holder: ['x'], number: ['P9'] } },
      { id: 's', schema: 'Sanction', properties: { entity: ['x'], authority: ['A'], program: ['P'], listingDate: ['2020-01-01'], endDate: ['2021-01-01'] }, datasets: ['us_ofac_sdn'] },
    ]);
    const x = entities(lines).find((e) => e.id === 'x')!;
    expect(x.attributes).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'address', value: '1 Main St' }),
      expect.objectContaining({ field: 'identifier', value: '123', type: 'tax_id', country: 'DEU' }),
      expect.objectContaining({ field: 'identifier', value: 'P9', type: 'passport' }),
    ]));
    // The only sanction ended: formerly sanctioned, on its list.
    expect(x.risk!.map((r) => r.factor)).toEqual(['formerly_sanctioned_usa_ofac_sdn']);
    expect(lines).toContainEqual(expect.objectContaining({ kind: 'record', id: 's', label: 'A: P (listed 2020-01-01, ended 2021-01-01)', publication_date: '2020-01-01' }));
    expect(lines).toContainEqual({ kind: 'possibly_same_as', a: 'x', b: 'y' });
  });

  test('an unknown schema, property and topic are counted', () => {
    const converter = new FtmConverter();
    convert(converter, [{ id: 'x', schema: 'Person', properties: { name: ['X'], hairColour: ['red'], topics: ['made.up'] } }, { id: 'z', schema: 'Payment', properties: {} }]);
    expect(converter.unmapped.toJSON()).toEqual({
      'unknown property (value not loaded)': { 'Person:hairColour': 1 },
      'unknown topic (not loaded)': { 'made.up': 1 },
      'unknown schema (line not loaded)': { Payment: 1 },
    });
  });
});

describe('BODS tables', () => {
  const entity = (id: string, entityType: string) => ({ statementId: id, statementType: 'entityStatement', entityType, name: id });
  const person = (id: string) => ({ statementId: id, statementType: 'personStatement', names: [{ fullName: id }] });

  test.each(Object.entries(BODS_ENTITY_TYPES))('entity type %s becomes a %s entity', (bodsType, type) => {
    expect(entities(convert(new BodsConverter(), [entity('e', bodsType)]))[0].type).toBe(type);
    // 0.4: the type is an object, the id the record id.
    const v04 = { statementId: 's', recordId: 'rec', recordType: 'entity', recordDetails: { entityType: { type: bodsType }, name: 'N' } };
    expect(entities(convert(new BodsConverter(), [v04]))[0]).toEqual(expect.objectContaining({ id: 'rec', type }));
  });

  test.each(Object.entries(BODS_INTEREST_TYPES))('interest %s becomes %s', (interest, type) => {
    const ooc = {
      statementId: 'o', statementType: 'ownershipOrControlStatement', statementDate: '2020-01-01', subject: { describedByEntityStatement: 'c' },
      interestedParty: { describedByPersonStatement: 'p' }, interests: [{ type: interest, share: { exact: 30 }, startDate: '2019', endDate: '2020-06' }],
    };
    const [rel] = relationships(convert(new BodsConverter(), [entity('c', 'registeredEntity'), person('p'), ooc]));
    expect(rel).toEqual(expect.objectContaining({ type, from: 'c', to: 'p', from_date: '2019', to_date: '2020-06', date: '2020-01-01', shares: [{ percentage: 30 }] }));
    const bo = { ...ooc, interests: [{ type: interest, beneficialOwnershipOrControl: true }] };
    expect(relationships(convert(new BodsConverter(), [entity('c', 'registeredEntity'), person('p'), bo]))[0].type).toBe('has_beneficial_owner');
  });

  test.each(Object.entries(BODS_IDENTIFIER_SCHEMES))('identifier scheme %s becomes %s', (scheme, type) => {
    const e = { ...entity('e', 'registeredEntity'), identifiers: [{ scheme, id: '42' }] };
    expect(entities(convert(new BodsConverter(), [e]))[0].attributes).toContainEqual(expect.objectContaining({ field: 'identifier', value: '42', type }));
  });

  test('a share range gives its lower bound; a closed 0.4 relationship ends on its statement date', () => {
    const rel = {
      statementId: 's2', recordId: 'r', recordType: 'relationship', recordStatus: 'closed', statementDate: '2024-05-01',
      recordDetails: { subject: 'c', interestedParty: 'p', interests: [{ type: 'shareholding', share: { minimum: 25, maximum: 50 } }] },
    };
    const [line] = relationships(convert(new BodsConverter(), [rel]));
    expect(line).toEqual(expect.objectContaining({ id: 'bods:r:0', shares: [{ percentage: 25 }], to_date: '2024-05-01' }));
  });
});

test('country codes of both formats become the spec ids', () => {
  expect(['gb', 'GB', 'GBR', 'xk', 'zz', 'ru'].map(countryId)).toEqual(['GBR', 'GBR', 'GBR', 'RKS', 'XXX', 'RUS']);
  expect(countryId('suhh')).toBeUndefined();
});

test('docs/import-formats.md lists every row of every table', () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'import-formats.md'), 'utf8');
  const names = [
    ...Object.keys(FTM_ENTITY_SCHEMATA), ...Object.keys(FTM_INTERVAL_SCHEMATA), ...Object.keys(FTM_REFERENCE_PROPERTIES),
    ...Object.keys(FTM_PROPERTIES), ...Object.keys(FTM_TOPICS), ...Object.keys(FTM_SANCTIONS_DATASETS),
    ...Object.keys(BODS_ENTITY_TYPES), ...Object.keys(BODS_INTEREST_TYPES), ...Object.keys(BODS_IDENTIFIER_SCHEMES),
  ];
  expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
});

describe('FtM claims', () => {
  test('an entity of several datasets has a claim in each, with its dataset record and list factor as its own', () => {
    const person = { id: 'p', schema: 'Person', properties: { name: ['Two Lists'], topics: ['sanction'] }, datasets: ['us_ofac_sdn', 'eu_fsf', 'us_ofac_sdn'] };
    expect(new FtmConverter().keysOf({ no: 1, value: person })).toEqual([
      { key: 'ftm:us_ofac_sdn:p', scope: 'ftm:us_ofac_sdn', group: 'p', records: ['ftm:us_ofac_sdn:p'], factors: ['sanctioned_usa_ofac_sdn'] },
      { key: 'ftm:eu_fsf:p', scope: 'ftm:eu_fsf', group: 'p', records: ['ftm:eu_fsf:p'], factors: ['sanctioned_eu_sanctions'] },
    ]);
    expect(new FtmConverter().keysOf({ no: 1, value: { id: 'c', schema: 'Company', properties: {} } })).toEqual([
      { key: 'ftm:ftm:c', scope: 'ftm:ftm', group: 'c', records: ['ftm:ftm:c'], factors: [] },
    ]);
    expect(new FtmConverter().keysOf({ no: 1, value: { schema: 'Company' } })).toEqual([]);
  });
});
