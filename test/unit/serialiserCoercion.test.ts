/**
 * The compiled serialisers drop and coerce nothing (src/http/serialisers.ts): values the schema
 * does not expect come out as JSON.stringify writes them.
 */
import { compileSerialiser } from '../../src/http/serialisers';

const components = {
  Thing: {
    type: 'object', required: ['id', 'count'],
    properties: {
      id: { type: 'string' }, count: { type: 'integer' }, share: { type: ['number', 'null'] }, flag: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } }, sub: { type: 'object', properties: { a: { type: 'integer' } } },
      counts: { type: 'object', additionalProperties: { type: 'integer' } }, kind: { type: 'string', enum: ['x'] }, gone: { const: false },
      either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    },
  },
  Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
};
const serialise = compileSerialiser({ type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } }, components)!;
const same = (body: unknown) => expect(serialise(body)).toBe(JSON.stringify(body));

test('answers of the schema come out as JSON.stringify writes them, fields it does not name included', () => {
  same({ data: [{ id: 'a', count: 2, share: 12.5, flag: true, tags: ['x', 'y\u2028"'], sub: { a: 1, b: 'more' }, counts: { r: 3 }, extra: { deep: [1, { z: null }] } }] });
  same({ data: [{ id: 'b', count: 0, share: null, kind: 'x', gone: false, either: 3 }], next: true });
  same({ data: [] });
});

test('a value of another type than declared is not coerced', () => {
  same({ data: [{ id: 5, count: '2' }] });
  same({ data: [{ id: null, count: 1.5, share: '7' }] });
  same({ data: [{ id: ['a'], count: 1, flag: 'yes', tags: 'one', sub: [1, 2], counts: { r: 1.25, s: 'x' }, gone: true, either: { o: 1 } }] });
  same({ data: [{ id: 'c', count: NaN, share: Infinity }] });
  same({ data: [{ id: { toString: () => 'x' }, count: 1, when: new Date(0) }] });
  same({ data: 'not a list' });
});

test('values JSON leaves out or writes as null stay so', () => {
  same({ data: [{ id: 'd', count: 1, tags: ['a', undefined], fn: () => 1, u: undefined, sub: undefined }] });
  same({ data: [{ id: 'e', count: 1, extra: [() => 1, Symbol('s')] }] });
});

test('a schema that cannot be inlined gives no serialiser', () => {
  expect(compileSerialiser({ $ref: '#/components/schemas/Loop' }, components)).toBeUndefined();
  expect(compileSerialiser({ $ref: '#/components/schemas/Missing' }, components)).toBeUndefined();
});
