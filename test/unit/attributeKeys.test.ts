import fs from 'node:fs';
import path from 'node:path';
import { parseLine } from '../../src/ingest/validate';

const entity = (attribute: Record<string, unknown>) =>
  JSON.stringify({ kind: 'entity', id: 'e-1', type: 'company', attributes: [{ field: 'name', value: 'Acme', ...attribute }] });

describe('attribute item keys', () => {
  test.each([
    ['record', 'records'], ['Records', 'records'], ['fromDate', 'from_date'], ['from-date', 'from_date'], ['todate', 'to_date'], ['dates', 'date'], ['Value', 'value'], ['types', 'type'],
    ['valeu', 'value'], ['tpye', 'type'], ['from_dat', 'from_date'], ['recods', 'records'], ['to_dte', 'to_date'],
  ])('%p, a slip on the format key %p, is a bad line that says which key it stands for', (key, meant) => {
    expect(parseLine(entity({ [key]: ['rec-1'] }))).toEqual({
      error: `attributes.0: unknown field "${key}"; did you mean "${meant}"? (other keys are kept as extra properties of the value)`,
    });
  });

  test.each(['city', 'state', 'postcode', 'house', 'name', 'language', 'x', 'context', 'data', 'rate', 'recorded', 'typ', 'country', 'source'])('%p is kept as an extra property', (key) => {
    expect(parseLine(entity({ [key]: 'v' }))).toHaveProperty('line');
  });

  test('every line of the sample data still parses', () => {
    const sample = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'seed', 'sample.ndjson'), 'utf8').split('\n').filter(Boolean);
    expect(sample.map(parseLine).filter((r) => 'error' in r)).toEqual([]);
  });
});
