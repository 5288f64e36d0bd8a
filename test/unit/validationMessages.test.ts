import Ajv from 'ajv';
import { describeErrors } from '../../src/http/registry';

const errorsFor = (schema: object, value: unknown) => {
  const validate = new Ajv({ allErrors: true, coerceTypes: 'array' }).compile(schema);
  expect(validate(value)).toBe(false);
  return describeErrors(validate.errors!, 'query');
};

const listOf = (values: string[]) => ({
  type: 'object', properties: { relationships: { type: 'array', items: { type: 'string', enum: values } } },
});

test('a short enumeration is named whole', () => {
  expect(errorsFor(listOf(['a', 'b', 'c']), { relationships: ['x'] })).toEqual(['relationships.0: must be one of a, b, c']);
});

test('a long enumeration names its first values and says how many more there are and where', () => {
  const values = Array.from({ length: 25 }, (_, i) => `v${i}`);
  const [message] = errorsFor(listOf(values), { relationships: ['v1', 'nope'] });
  expect(message).toBe(`relationships.1: must be one of ${values.slice(0, 20).join(', ')} or 5 more (GET /openapi.json lists them all)`);
});

test('unknown parameters and bounds name the parameter', () => {
  const schema = { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1 } } };
  expect(errorsFor(schema, { limit: 0, limt: 5 }).sort()).toEqual(['limit: must be >= 1', 'limt: unknown parameter']);
});
