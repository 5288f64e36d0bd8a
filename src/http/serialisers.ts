/**
 * JSON serialisers compiled with fast-json-stringify from the response schemas of /openapi.json
 * (src/http/openapiSchemas.ts), for the large answers. Contract: a compiled serialiser's output
 * parses to what JSON.stringify's does for any body, and is the same text where the schema lists
 * an object's fields in the order the answer builds them (test/unit/serialisers.test.ts checks
 * real answers byte for byte). The schemas leave fields open, so the compiled schema is made
 * unable to drop or coerce anything:
 * - every object keeps the fields its schema does not name (additionalProperties);
 * - only number, integer and boolean values are written by type, and a value of another type
 *   (a string where a number was declared, a float where an integer was) throws;
 * - strings, open objects and anything under anyOf, oneOf or const are written by JSON.stringify;
 * - a throw, or a function or undefined where JSON would write null, falls back to JSON.stringify
 *   of the whole body.
 * A schema it cannot inline (a cycle of $ref) gives no serialiser: the route keeps JSON.stringify.
 */
import fastJson from 'fast-json-stringify';
import type { JsonSchema, RouteSpec } from './registry';

export type Serialise = (body: unknown) => string;

const SCALARS = new Set(['null', 'number', 'integer', 'boolean']);

/** The fast-json-stringify schema of `schema`: $ref inlined, every part as open as above. */
export function serialisationSchema(schema: JsonSchema, components: Record<string, JsonSchema>, refs: string[] = []): JsonSchema {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (refs.includes(name) || !components[name]) throw new Error(`cannot inline ${schema.$ref}`);
    return serialisationSchema(components[name], components, [...refs, name]);
  }
  if (Array.isArray(schema.allOf)) {
    // One object: the parts' fields in the parts' order, as fast-json-stringify would merge them.
    const parts = (schema.allOf as JsonSchema[]).map((part) => serialisationSchema(part, components, refs));
    if (parts.some((part) => !part.properties && part.type !== undefined)) return {};
    return openObject(Object.assign({}, ...parts.map((part) => part.properties ?? {})));
  }
  if (schema.anyOf || schema.oneOf || 'const' in schema) return {};
  const types = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  if (types.length === 0) return {};
  if (types.every((t) => SCALARS.has(t))) return { type: [...new Set(['null', ...types])] };
  if (types.length > 1) return {};
  if (types[0] === 'array') return { type: ['null', 'array'], items: schema.items ? serialisationSchema(schema.items as JsonSchema, components, refs) : {} };
  if (types[0] !== 'object') return {};
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const more = schema.additionalProperties;
  if (!properties && (more === undefined || typeof more !== 'object')) return {};
  const out = openObject(Object.fromEntries(Object.entries(properties ?? {}).map(([key, value]) => [key, serialisationSchema(value, components, refs)])));
  if (more && typeof more === 'object') out.additionalProperties = serialisationSchema(more as JsonSchema, components, refs);
  return out;
}

/**
 * An object with these fields and any others. An array where an object is declared is
 * written as the array (typeof [] is 'object': it would otherwise be written as an object).
 */
function openObject(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: ['null', 'array', 'object'], items: {}, properties, additionalProperties: true };
}

/** The serialiser of answers of `schema`, or undefined when the schema cannot be compiled (JSON.stringify then). */
export function compileSerialiser(schema: JsonSchema, components: Record<string, JsonSchema>): Serialise | undefined {
  let compiled: (body: unknown) => string;
  try {
    compiled = fastJson(serialisationSchema(schema, components) as unknown as Parameters<typeof fastJson>[0]) as (body: unknown) => string;
  } catch {
    return undefined;
  }
  return (body) => {
    let text: string;
    try {
      text = compiled(body);
    } catch {
      return JSON.stringify(body);
    }
    // An open value JSON.stringify leaves out (a function, undefined) comes out as `undefined`;
    // a string holding the word only costs the slower path.
    return text.includes('undefined') ? JSON.stringify(body) : text;
  };
}

/** The large answers: the /v1 entity, traversals and entity search. */
const LARGE_ANSWERS = /^\/v1\/(entity\/:id|(traversal|ubo|downstream|watchlist)\/:id|search\/entity)$/;

/** For the router: the compiled serialiser of each large answer's route, by its success schema. */
export function largeAnswerSerialisers(
  components: Record<string, JsonSchema>, successSchema: (spec: RouteSpec) => JsonSchema | undefined,
): (spec: RouteSpec) => Serialise | undefined {
  return (spec) => {
    const schema = LARGE_ANSWERS.test(spec.path) ? successSchema(spec) : undefined;
    return schema && compileSerialiser(schema, components);
  };
}
