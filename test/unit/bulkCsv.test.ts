/**
 * The CSV files bulk-load hands Neo4j's importer (src/ingest/bulk/csvFile.ts): typed header,
 * every text quoted, lists joined by U+001F, and a property the header does not declare, or of
 * another type, refused rather than dropped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARRAY_DELIMITER, CsvFile } from '../../src/ingest/bulk/csvFile';

const file = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'graph-api-csv-')), 'nodes.csv');
const COLUMNS = [
  { field: ':ID(Entity)' }, { field: ':LABEL' },
  { name: 'label', type: 'string' as const }, { name: 'countries', type: 'string[]' as const },
  { name: 'degree', type: 'double' as const }, { name: 'pep', type: 'boolean' as const },
];

describe('bulk-load CSV files', () => {
  test('a typed header, quoted text with its quotes doubled, lists joined, empty lists and missing values left empty', () => {
    const csv = new CsvFile(file(), COLUMNS);
    csv.add(['e-1', `Entity${ARRAY_DELIMITER}Pep`], { label: 'ACME "the best", LTD', countries: ['GBR', 'FRA'], degree: 2.5, pep: true });
    csv.add(['e-2', 'Entity'], { label: 'two\nlines', countries: [], degree: 0 });
    csv.close();
    expect(fs.readFileSync(csv.path, 'utf8').split('\n')).toEqual([
      ':ID(Entity),:LABEL,label:string,countries:string[],degree:double,pep:boolean',
      `"e-1","Entity${ARRAY_DELIMITER}Pep","ACME ""the best"", LTD","GBR${ARRAY_DELIMITER}FRA",2.5,true`,
      '"e-2","Entity","two',
      'lines",,0,',
      '',
    ]);
    expect(csv.rows).toBe(2);
    expect(csv.multiline).toBe(true);
  });

  test('a file without line breaks in its values is not multi-line', () => {
    const csv = new CsvFile(file(), COLUMNS);
    csv.add(['e-1', 'Entity'], { label: 'one line' });
    csv.close();
    expect(csv.multiline).toBe(false);
  });

  test('a property without a column, a value of another type or a list item holding the delimiter is refused, naming it', () => {
    const csv = new CsvFile(file(), COLUMNS);
    expect(() => csv.add(['e-1', 'Entity'], { colour: 'red' })).toThrow(/no column for property colour/);
    expect(() => csv.add(['e-1', 'Entity'], { degree: '2' })).toThrow(/property degree is "2", not a double/);
    expect(() => csv.add(['e-1', 'Entity'], { countries: [`GBR${ARRAY_DELIMITER}FRA`] })).toThrow(/list item of countries/);
    csv.close();
    expect(csv.rows).toBe(0);
  });
});
