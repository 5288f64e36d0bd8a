import { notPlainNumbers } from '../../src/http/registry';

const schema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 0 },
    min_shares: { type: 'number' },
    ids: { type: 'array', items: { type: 'integer' } },
    either: { oneOf: [{ type: 'number' }, { type: 'array', items: { type: 'number' } }] },
    q: { type: 'string' },
  },
  patternProperties: { '^attributes\\.[a-z_]+\\.limit$': { type: 'integer' } },
};

describe('numeric query parameters must be written in decimal', () => {
  test.each(['10', '0', '+3', '-2', '007'])('integer %p passes', (v) => {
    expect(notPlainNumbers({ limit: v }, schema)).toEqual([]);
  });

  test.each(['0x10', '1e2', ' 5', '5 ', '0b1', '0o7', '1.0', 'Infinity', '', '1_000'])('integer %p is refused, naming the parameter', (v) => {
    expect(notPlainNumbers({ limit: v }, schema)).toEqual(['limit: must be integer (decimal digits)']);
  });

  test.each(['12.5', '.5', '5.', '1e-7', '-0.25'])('number %p passes (a client writes tiny numbers with an exponent)', (v) => {
    expect(notPlainNumbers({ min_shares: v }, schema)).toEqual([]);
  });

  test.each(['0x10', 'NaN', '1,5', ' 1', '1e309', '-1e309'])('number %p is refused (overflowing to Infinity too)', (v) => {
    expect(notPlainNumbers({ min_shares: v }, schema)).toEqual(['min_shares: must be number (decimal notation)']);
  });

  test('repeated values, oneOf branches and pattern-named parameters are checked too', () => {
    expect(notPlainNumbers({ ids: ['1', '0x2'], either: ['3', '4'], 'attributes.name.limit': '0x5' }, schema))
      .toEqual(['ids: must be integer (decimal digits)', 'attributes.name.limit: must be integer (decimal digits)']);
  });

  test('non-numeric and unknown parameters are left to the schema', () => {
    expect(notPlainNumbers({ q: '0x10', other: '0x10' }, schema)).toEqual([]);
  });
});
