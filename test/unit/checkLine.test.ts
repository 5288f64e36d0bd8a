import fs from 'node:fs';
import path from 'node:path';
import { checkLine, parseLine } from '../../src/ingest/validate';

// checkLine answers for a value in memory what parseLine answers for its JSON text.
const entity = (extra: Record<string, unknown>, attribute: Record<string, unknown> = {}) =>
  ({ kind: 'entity', id: 'e-1', type: 'company', attributes: [{ field: 'name', value: 'Acme', ...attribute }], ...extra });

describe('checkLine', () => {
  test.each([
    ['a good entity', entity({})],
    ['a key set to undefined (absent from the JSON)', entity({ closed: undefined })],
    ['an unknown key set to undefined (absent from the JSON, refused in the value by the schema)', entity({ nickname: undefined })],
    ['a misspelt attribute key set to undefined', entity({}, { recods: undefined })],
    ['a misspelt attribute key with a value', entity({}, { recods: ['r-1'] })],
    ['a key set to null', entity({ closed: null })],
    ['a number JSON writes as null', { kind: 'relationship', type: 'has_shareholder', from: 'a', to: 'b', shares: [{ percentage: Number.NaN }] }],
    ['a malformed date', entity({}, { field: 'date_of_birth', value: '1990-02-30' })],
    ['an unknown country', entity({}, { field: 'country', value: 'ZZZ' })],
    ['an unknown field', entity({ nickname: 'x' })],
    ['a relationship to itself', { kind: 'relationship', type: 'has_shareholder', from: 'a', to: 'a' }],
    ['an id over 512 characters', entity({ id: 'x'.repeat(513) })],
    ['an unknown kind', { kind: 'thing', id: 'x' }],
    ['a good record', { kind: 'record', id: 'r-1', source: 's', references: [{ entity: 'e-1', type: 'about' }] }],
  ])('%s', (_name, value) => {
    const text = JSON.stringify(value);
    expect(checkLine(value, text)).toEqual(parseLine(text));
  });

  test('every line of the sample data gets the same answer in memory as from its text', () => {
    const sample = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'seed', 'sample.ndjson'), 'utf8').split('\n').filter(Boolean);
    for (const text of sample) expect(checkLine(JSON.parse(text), text)).toEqual(parseLine(text));
  });
});
