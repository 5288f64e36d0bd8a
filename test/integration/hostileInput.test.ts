/**
 * Bad input is a 4xx naming the parameter, never a 5xx, on every route: the routes and their
 * parameters are read from /openapi.json (so a new route is covered by construction), and
 * each query parameter, each path parameter and each JSON body gets values that broke
 * services of this kind before (overflowing numbers, control characters, unbalanced quotes
 * and brackets of the search syntax, very long text). The sample data is loaded, so the
 * path ids that exist reach the handlers with the hostile parameters.
 */
import { Harness, SAMPLE, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE], env: { RATE_LIMIT_REQUESTS: '0' } });
}, 120_000);
afterAll(() => h.close());

const HOSTILE = ['', '-1', '1e309', 'NaN', '1.5', '\u0000', '"unterminated', '[a TO', 'x'.repeat(3000)];
/** The last one nests 5,000 levels in 10 kB: it used to overflow the stack when copied (a 500). */
const DEEP = `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
const BODIES = ['null', '[]', '"x"', '{"q":{"a":1}}', '{"name":[null]}', '{"entities":[{}]}', '{"__proto__":{"x":1}}', '{"a":', JSON.stringify({ q: 'x', limit: -1 }), DEEP];
/** Path ids that are not valid percent-encoding; sent as they are. */
const MALFORMED_IDS = ['%ZZ', '%E0%A4%A', '%FF', 'abc%E2%82'];
/** Ids of the sample data where they exist, so the parameters reach the handlers. */
const EXISTING: Record<string, string> = { id: 'e-gb-northwind-logistics' };
/**
 * Valid values of the parameters a route cannot do without (search needs q, resolution a name,
 * /v1/shortest_path its two entities in the client's one-value form), sent beside the hostile one.
 */
const ANCHORS: Record<string, string> = { q: 'northwind', name: 'northwind', entities: 'e-gb-northwind-logistics&entities=e-cy-northwind-holdings' };

interface Operation { method: string; path: string; query: string[]; schemas: Record<string, JsonSchema>; pathParams: string[]; body: boolean }
interface JsonSchema { type?: string; minimum?: number; maximum?: number; minLength?: number; maxLength?: number; pattern?: string; enum?: unknown[]; items?: JsonSchema; format?: string }

/**
 * Whether a parameter's published schema refuses `value` sent once in a query string: true,
 * false, or undefined when this small reading of JSON Schema cannot tell (formats, an empty
 * value). Written here rather than taken from the service's validator, so that a value the
 * service lets through against its own documentation shows up.
 */
export function schemaRefuses(schema: JsonSchema, value: string): boolean | undefined {
  if (value === '' || schema.format) return undefined;
  if (schema.type === 'array') return schema.items ? schemaRefuses(schema.items, value) : undefined;
  if (schema.enum) return !schema.enum.map(String).includes(value);
  const inBounds = (n: number) => (schema.minimum === undefined || n >= schema.minimum) && (schema.maximum === undefined || n <= schema.maximum);
  switch (schema.type) {
    case 'integer':
      return !(/^-?\d+$/.test(value) && inBounds(Number(value)));
    case 'number':
      return !(/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value) && Number.isFinite(Number(value)) && inBounds(Number(value)));
    case 'boolean':
      return !['true', 'false'].includes(value);
    case 'string':
      return (schema.minLength !== undefined && [...value].length < schema.minLength)
        || (schema.maxLength !== undefined && [...value].length > schema.maxLength)
        || (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value));
    default:
      return undefined;
  }
}

/** A concrete parameter name for a pattern such as ^attributes\.(name|address)\.limit$. */
function concreteName(name: string): string {
  if (!name.startsWith('^')) return name;
  return name.slice(1, -1).replace(/\\\./g, '.').replace(/\(([^|)]+)[^)]*\)/g, '$1').replace('[0-9]', '0');
}

async function operations(): Promise<Operation[]> {
  const doc = (await h.json('/openapi.json')).body;
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      // Token issuance has its own tests; deletes would only remove what other cases read.
      if (path === '/oauth/token' || method === 'delete') continue;
      const params = (op.parameters ?? []) as { name: string; in: string; schema: JsonSchema }[];
      out.push({
        method: method.toUpperCase(), path,
        query: params.filter((p) => p.in === 'query').map((p) => concreteName(p.name)),
        schemas: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [concreteName(p.name), p.schema])),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        body: Boolean(op.requestBody),
      });
    }
  }
  return out;
}

const fill = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, k) => encodeURIComponent(values[k] ?? EXISTING[k] ?? 'nope'));

/**
 * Calls the API; returns a description of what was wrong with the answer, or undefined. With
 * `mustRefuse`, the value sent is one its schema refuses, so a success is wrong too.
 */
async function problem(method: string, url: string, body: string | undefined, named?: string, mustRefuse = false): Promise<string | undefined> {
  const res = await h.get(url, { method, body, headers: body === undefined ? {} : { 'content-type': 'application/json' } });
  const text = await res.text();
  const where = `${method} ${url.slice(0, 120)}${body ? ` body ${body.slice(0, 60)}` : ''}`;
  if (res.status >= 500) return `${where}: ${res.status} ${text.slice(0, 200)}`;
  if (res.status < 400) return mustRefuse ? `${where}: ${res.status}, but its schema refuses ${named}'s value` : undefined;
  let envelope: { status?: number; success?: boolean; messages?: string[]; message?: string[] };
  try {
    envelope = JSON.parse(text);
  } catch {
    return `${where}: ${res.status} with a body that is not JSON`;
  }
  const messages = url.startsWith('/v1') ? envelope.message : envelope.messages;
  if (envelope.status !== res.status || envelope.success !== false || !Array.isArray(messages)) return `${where}: not the error envelope: ${text.slice(0, 200)}`;
  if (named && (res.status === 400 || res.status === 406) && !messages.some((m) => m.includes(named))) {
    return `${where}: ${res.status} does not name ${named}: ${messages.join(' | ').slice(0, 200)}`;
  }
  return undefined;
}

/** Runs the checks with a few in flight, collecting every problem. */
async function collect(checks: (() => Promise<string | undefined>)[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let i = next++; i < checks.length; i = next++) {
      const found = await checks[i]();
      if (found) problems.push(found);
    }
  }));
  return problems;
}

test('every query parameter of every route: a hostile value is never a 5xx, and one its schema refuses is a 4xx naming it, in the surface\'s envelope', async () => {
  const ops = await operations();
  expect(ops.length).toBeGreaterThan(40);
  const checks = ops.flatMap((op) => op.query.flatMap((name) => HOSTILE.map((value) => {
    const params = new URLSearchParams({ [name]: value });
    for (const [anchor, valid] of Object.entries(ANCHORS)) if (anchor !== name && op.query.includes(anchor)) params.append(anchor, valid);
    // With a body, an empty one may be what is refused, so only routes without one must name the parameter.
    return () => problem(op.method, `${fill(op.path, {})}?${params}`, op.body ? '{}' : undefined, op.body ? undefined : name, schemaRefuses(op.schemas[name], value) === true);
  })));
  expect(checks.length).toBeGreaterThan(1000);
  // Most of the hostile values are ones the published schemas refuse: those must be 4xx, not a 200.
  const refused = ops.flatMap((op) => op.query.flatMap((name) => HOSTILE.filter((value) => schemaRefuses(op.schemas[name], value) === true)));
  expect(refused.length).toBeGreaterThan(checks.length / 2);
  expect(await collect(checks)).toEqual([]);
}, 600_000);

test('every path parameter: a hostile id is a 4xx in the surface\'s envelope', async () => {
  const ops = await operations();
  const checks = ops.flatMap((op) => op.pathParams.flatMap((name) => HOSTILE.map((value) => () =>
    problem(op.method, fill(op.path, { [name]: value }), op.body ? '{}' : undefined))));
  expect(await collect(checks)).toEqual([]);
}, 300_000);

test('every route with a body: a malformed or mistyped body is a 4xx in the surface\'s envelope', async () => {
  const ops = (await operations()).filter((op) => op.body);
  expect(ops.length).toBeGreaterThan(3);
  const checks = ops.flatMap((op) => BODIES.map((body) => () => problem(op.method, fill(op.path, {}), body)));
  expect(await collect(checks)).toEqual([]);
}, 300_000);

test('every path parameter: malformed percent-encoding is a 4xx naming the path, and a 401 without a token', async () => {
  const ops = await operations();
  const withParams = ops.filter((op) => op.pathParams.length > 0);
  expect(withParams.length).toBeGreaterThan(15);
  const checks = withParams.flatMap((op) => MALFORMED_IDS.map((raw) => () => {
    const url = op.path.replace(/\{(\w+)\}/g, () => raw);
    return problem(op.method, url, op.body ? '{}' : undefined, 'path');
  }));
  expect(await collect(checks)).toEqual([]);
  const res = await fetch(`${h.baseUrl}/v1/entity/%ZZ`);
  expect(res.status).toBe(401);
  const legacy = await h.get('/entity/%ZZ');
  expect(legacy.status).toBe(406);
  expect(await legacy.json()).toEqual({ status: 406, success: false, messages: ['path: malformed percent-encoding'] });
}, 300_000);

test('a token request nested 5,000 levels deep is a 400 naming the body, not a 500', async () => {
  const res = await fetch(`${h.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: DEEP });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { messages: string[] }).messages).toEqual(['body: nested deeper than 32 levels']);
});

test('the schema reading the check above relies on', () => {
  expect(schemaRefuses({ type: 'integer', minimum: 0, maximum: 100 }, '-1')).toBe(true);
  expect(schemaRefuses({ type: 'integer', minimum: 0, maximum: 100 }, '1.5')).toBe(true);
  expect(schemaRefuses({ type: 'integer', minimum: 0, maximum: 100 }, '100')).toBe(false);
  expect(schemaRefuses({ type: 'number', minimum: 0 }, '1e309')).toBe(true);
  expect(schemaRefuses({ type: 'number', minimum: 0 }, '1e-7')).toBe(false);
  expect(schemaRefuses({ type: 'boolean' }, 'NaN')).toBe(true);
  expect(schemaRefuses({ type: 'string', maxLength: 250 }, 'x'.repeat(3000))).toBe(true);
  expect(schemaRefuses({ type: 'string', maxLength: 250 }, '"unterminated')).toBe(false);
  expect(schemaRefuses({ type: 'array', items: { type: 'string', enum: ['GBR'] } }, 'NaN')).toBe(true);
  expect(schemaRefuses({ type: 'integer' }, '')).toBeUndefined();
  expect(schemaRefuses({ type: 'string', format: 'date' }, 'x')).toBeUndefined();
});
