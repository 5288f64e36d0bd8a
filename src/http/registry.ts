/**
 * One declaration per route: its request schemas (ajv, JSON Schema) validate the request
 * and are collected into the OpenAPI 3.1 document at /openapi.json, so a route cannot be
 * added without being documented. Unsupported methods on a known path get 405.
 */
import type { IncomingMessage } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import accepts from 'accepts';
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { ApiError, badParameters, notAcceptable } from './errors';
import type { Principal } from '../services/auth';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './idempotencyKey';

export type JsonSchema = Record<string, unknown>;

/** The largest JSON body a route reads. */
export const MAX_BODY_BYTES = '1mb';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A `Readable` body is streamed (see `send`); any other body is sent whole. */
export interface Reply { status?: number; body: unknown; contentType?: string; headers?: Record<string, string> }

export interface RouteContext<Q = Record<string, unknown>, B = unknown> {
  req: Request;
  params: Record<string, string>;
  query: Q;
  body: B;
  principal: Principal;
  /** The negotiated response type, one of the route's `produces`. */
  accept: string;
}

export interface RouteSpec<Q = any, B = any> {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  /** Default true: a valid bearer token is required. */
  auth?: boolean;
  params?: Record<string, JsonSchema>;
  query?: JsonSchema;
  body?: JsonSchema;
  /** The body may be left out (every field of `body` is optional): no body reads as `{}`. */
  bodyOptional?: boolean;
  /** Readers of a body the handler checks itself (larger or not JSON), used when `body` is not given. */
  bodyReaders?: RequestHandler[];
  produces?: string[];
  responses?: Record<string, string>;
  /** Status for request validation errors when the surface default (406 legacy, 400 /v1) does not apply. */
  validationStatus?: number;
  /** A creating POST: it takes an Idempotency-Key header (src/http/writeGuard.ts). */
  creates?: boolean;
  /** Usage credits one successful call costs (usage feed); default 1. */
  credits?: number;
  handler: (ctx: RouteContext<Q, B>) => Promise<Reply>;
}

// Query strings and path parameters arrive as text and are coerced to the schema's types;
// JSON bodies carry their own types and are not.
const queryAjv = addFormats(new Ajv({ coerceTypes: 'array', useDefaults: true, allErrors: true, strict: false }));
const bodyAjv = addFormats(new Ajv({ useDefaults: true, allErrors: true, strict: false }));

/** Enumerations longer than this are named in part in an error, with where the rest are listed. */
const ENUM_VALUES_SHOWN = 20;

function enumMessage(allowed: unknown[]): string {
  const rest = allowed.length - ENUM_VALUES_SHOWN;
  return `must be one of ${allowed.slice(0, ENUM_VALUES_SHOWN).join(', ')}${rest > 0 ? ` or ${rest} more (GET /openapi.json lists them all)` : ''}`;
}

/** Ajv errors as messages that start with the parameter they concern. */
export function describeErrors(errors: ErrorObject[], where: 'query' | 'body' | 'path'): string[] {
  const messages = errors.map((e) => {
    const name = e.instancePath.slice(1).replace(/\//g, '.');
    if (e.keyword === 'additionalProperties') {
      const param = name ? `${name}.${e.params.additionalProperty}` : e.params.additionalProperty;
      return `${param}: unknown ${where === 'body' ? 'field' : 'parameter'}`;
    }
    if (e.keyword === 'required') return `${name ? `${name}.` : ''}${e.params.missingProperty}: is required`;
    if (e.keyword === 'enum') return `${name}: ${enumMessage(e.params.allowedValues as unknown[])}`;
    return `${name || where}: ${e.message}`;
  });
  return [...new Set(messages)];
}

interface Compiled { spec: RouteSpec; query?: ValidateFunction; body?: ValidateFunction; params?: ValidateFunction }

/** Runs `run` (the route's handler) for `spec`, or answers without it (the write guard, src/http/writeGuard.ts). */
export type AroundHandler = (spec: RouteSpec, req: Request, res: Response, run: () => Promise<Reply>) => Promise<Reply>;

/**
 * Middleware run right after authentication on every authenticated route (history, usage,
 * rate limits), built once per route from its spec (path pattern, credits).
 */
export type AfterAuth = (spec: RouteSpec) => RequestHandler;

export class RouteRegistry {
  private readonly routes: Compiled[] = [];

  add<Q, B = unknown>(spec: RouteSpec<Q, B>): void {
    const params = spec.params
      ? queryAjv.compile({ type: 'object', properties: spec.params, required: Object.keys(spec.params) })
      : undefined;
    this.routes.push({
      spec: spec as RouteSpec,
      query: spec.query ? queryAjv.compile(spec.query) : undefined,
      body: spec.body ? bodyAjv.compile(spec.body) : undefined,
      params,
    });
  }

  /**
   * Express router; `authenticate`, then the `afterAuth` hooks, run before every route with auth
   * on. A JSON body is read only by a route that takes one, and only after those: a caller
   * without a token gets its 401 before the server spends anything on what it sent.
   */
  router(authenticate: RequestHandler, afterAuth: AfterAuth[] = [], around?: AroundHandler, serialiserOf?: (spec: RouteSpec) => ((body: unknown) => string) | undefined): Router {
    const router = Router();
    const jsonBody = express.json({ limit: MAX_BODY_BYTES });
    const byPath = new Map<string, Compiled[]>();
    for (const route of this.routes) byPath.set(route.spec.path, [...(byPath.get(route.spec.path) ?? []), route]);
    for (const [path, routes] of byPath) {
      for (const route of routes) {
        const chain: RequestHandler[] = route.spec.auth === false ? [] : [authenticate, ...afterAuth.map((hook) => hook(route.spec))];
        if (route.spec.body) chain.push(jsonBody);
        else if (route.spec.bodyReaders) chain.push(...route.spec.bodyReaders);
        router[route.spec.method](path, ...chain, this.handle(route, around, serialiserOf?.(route.spec) ?? JSON.stringify));
      }
      const allowed = routes.map((r) => r.spec.method.toUpperCase());
      if (allowed.includes('GET')) allowed.push('HEAD');
      // A caller without a valid token learns nothing about a protected path, not even its methods.
      const guard = routes.some((r) => r.spec.auth !== false) ? [authenticate] : [];
      router.all(path, ...guard, (req, res, next) => {
        res.setHeader('Allow', allowed.join(', '));
        next(new ApiError(405, [`method ${req.method} not allowed; allowed: ${allowed.join(', ')}`]));
      });
    }
    return router;
  }

  /** `serialise`: how the route writes a JSON answer (src/http/serialisers.ts). */
  private handle(route: Compiled, around: AroundHandler | undefined, serialise: (body: unknown) => string): RequestHandler {
    return async (req, res, next) => {
      try {
        const accept = negotiate(req, route.spec.produces ?? ['application/json']);
        const params = { ...req.params } as Record<string, string>;
        if (route.params && !route.params(params)) throw badParameters(describeErrors(route.params.errors!, 'path'));
        const query = { ...(req.query as Record<string, unknown>) };
        if (route.spec.query) {
          const unplain = notPlainNumbers(query, route.spec.query);
          if (unplain.length) throw badParameters(unplain);
        }
        if (route.query && !route.query(query)) throw badParameters(describeErrors(route.query.errors!, 'query'));
        let body: unknown = req.body;
        if (route.body && route.spec.bodyOptional && body === undefined) body = {};
        if (route.body) {
          if (body === undefined || body === null || typeof body !== 'object') {
            throw badParameters(['body: a JSON object is required (Content-Type: application/json)']);
          }
          if (nestedDeeperThan(body, MAX_BODY_DEPTH)) throw badParameters([`body: nested deeper than ${MAX_BODY_DEPTH} levels`]);
          body = withoutOptionalNulls(structuredClone(body), route.spec.body!);
          if (!route.body(body)) throw badParameters(describeErrors(route.body.errors!, 'body'));
        }
        const run = () => route.spec.handler({
          req, params, query, body, accept, principal: (req as Request & { principal: Principal }).principal,
        });
        const reply = around && route.spec.auth !== false ? await around(route.spec, req, res, run) : await run();
        // The write guard's backstop may have answered 503 at the deadline already.
        if (!res.headersSent) send(res, reply, accept, serialise);
      } catch (err) {
        const status = route.spec.validationStatus;
        next(status && err instanceof ApiError && err.kind === 'validation' ? new ApiError(status, err.messages) : err);
      }
    };
  }

  /**
   * Runs the handler of the GET route added at `path` in-process, as a request naming only
   * `params` would run it: the path checked, the query's schema defaults applied. There is no
   * HTTP, authentication, usage or history, and no `req`: only for routes whose handlers read
   * their parameters alone (the start-up warm-up, src/http/warmUp.ts; `graph-api export`).
   */
  async invoke(path: string, params: Record<string, string>, principal: Principal, options: { query?: Record<string, unknown>; accept?: string } = {}): Promise<Reply> {
    const route = this.routes.find((r) => r.spec.method === 'get' && r.spec.path === path);
    if (!route) throw new Error(`no GET route ${path}`);
    if (route.params && !route.params(params)) throw badParameters(describeErrors(route.params.errors!, 'path'));
    const query: Record<string, unknown> = { ...options.query };
    if (route.query && !route.query(query)) throw badParameters(describeErrors(route.query.errors!, 'query'));
    const accept = options.accept ?? 'application/json';
    return route.spec.handler({ req: undefined as unknown as Request, params, query, body: undefined, accept, principal });
  }

  /**
   * The OpenAPI 3.1 document: every route with its parameters, an operationId made of its method
   * and path, the schemas of its answers (`schemas`), its error answers and security.
   */
  openapi(info: { title: string; version: string }, extras: OpenApiExtras = {}): unknown {
    const operationIds = new Set<string>();
    const paths: Record<string, Record<string, unknown>> = {};
    for (const { spec } of this.routes) {
      const oaPath = spec.path.replace(/:(\w+)/g, '{$1}');
      const parameters: unknown[] = [];
      for (const [name, schema] of Object.entries(spec.params ?? {})) parameters.push({ name, in: 'path', required: true, schema });
      const query = spec.query as { properties?: Record<string, JsonSchema>; patternProperties?: Record<string, JsonSchema>; required?: string[] } | undefined;
      for (const [name, schema] of Object.entries(query?.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema, description: schema.description });
      }
      for (const [pattern, schema] of Object.entries(query?.patternProperties ?? {})) {
        parameters.push({ name: pattern, in: 'query', required: false, schema, description: `${schema.description ?? ''} (parameter name matches ${pattern})`.trim() });
      }
      if (spec.creates) {
        parameters.push({
          name: IDEMPOTENCY_HEADER, in: 'header', required: false, schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN },
          description: 'a retry with the same key and body within 24 h answers the first reply and creates nothing; another body: 409',
        });
      }
      const responses: Record<string, unknown> = { ...extras.errors?.(spec) };
      const schema = extras.success?.(spec);
      for (const [code, description] of Object.entries(spec.responses ?? { 200: 'OK' })) {
        responses[code] = code === '204' ? { description }
          : code.startsWith('2')
            ? { description, content: Object.fromEntries((spec.produces ?? ['application/json']).map((t) => [t, contentSchema(t, schema)])) }
            // An error the route names: the envelope of its surface, as the common errors have.
            : { ...(responses['500'] as object), ...(responses[code] as object), description };
      }
      if (spec.creates && !responses['409']) {
        responses['409'] = { ...(responses['500'] as object), description: 'Idempotency-Key: used for another request, or its request still runs' };
      }
      const operationId = operationIdOf(spec);
      if (operationIds.has(operationId)) throw new Error(`two routes have the operationId ${operationId}`);
      operationIds.add(operationId);
      paths[oaPath] = {
        ...paths[oaPath],
        [spec.method]: {
          operationId,
          summary: spec.summary,
          tags: [spec.tag],
          security: spec.auth === false ? [] : [{ bearer: [] }],
          parameters,
          ...(spec.body ? { requestBody: { required: !spec.bodyOptional, content: { 'application/json': { schema: spec.body } } } } : {}),
          responses,
        },
      };
    }
    return {
      openapi: '3.1.0',
      info,
      servers: extras.servers ?? [{ url: '/' }],
      tags: [...new Set(this.routes.map((r) => r.spec.tag))].sort().map((name) => ({ name })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: extras.schemas ?? {} },
      paths,
    };
  }
}

/** The schema of an answer's media type: JSON (NDJSON: one line) by the route's schema, CSV as text; other types (PDF, graph exports) open. */
function contentSchema(type: string, schema: JsonSchema | undefined): { schema?: JsonSchema } {
  if ((type === 'application/json' || type === 'application/x-ndjson') && schema) return { schema };
  return type === 'text/csv' ? { schema: { type: 'string' } } : {};
}

export interface OpenApiExtras {
  servers?: { url: string; description?: string }[];
  schemas?: Record<string, JsonSchema>;
  success?: (spec: RouteSpec) => JsonSchema | undefined;
  errors?: (spec: RouteSpec) => Record<string, unknown>;
}

/** `get /v1/traversal/:id` -> `getV1TraversalById`; legacy resource paths get `Legacy` after the method. */
export function operationIdOf(spec: RouteSpec): string {
  const words = spec.path.split('/').filter(Boolean).map((segment) => (segment.startsWith(':') ? `by_${segment.slice(1)}` : segment));
  if (words[0] !== 'v1' && words[0] !== 'oauth') words.unshift('legacy');
  const camel = words.flatMap((w) => w.split(/[_-]/)).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return `${spec.method}${camel}`;
}

const PLAIN_INTEGER = /^[+-]?\d+$/;
// Exponents stay: a client's String(0.0000001) is "1e-7".
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function numericType(schema: JsonSchema | undefined): 'integer' | 'number' | undefined {
  if (!schema) return undefined;
  const types = [schema.type].flat();
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('array')) return numericType(schema.items as JsonSchema | undefined);
  for (const branch of (schema.oneOf ?? schema.anyOf ?? []) as JsonSchema[]) {
    const type = numericType(branch);
    if (type) return type;
  }
  return undefined;
}

/** Parameter-name patterns compiled once: the check runs on every request (entity reads name theirs by pattern). */
const compiledPatterns = new Map<string, RegExp>();
function patternRegExp(pattern: string): RegExp {
  let re = compiledPatterns.get(pattern);
  if (!re) compiledPatterns.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
}

/**
 * Query values of numeric parameters that are not written as plain, finite decimals. Ajv's coercion
 * takes anything JavaScript reads as a number ("0x10" is 16, " 5" is 5, "0b1" is 1), which
 * would let a typo or an unusual client pass as a valid value.
 */
export function notPlainNumbers(query: Record<string, unknown>, schema: JsonSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, JsonSchema>);
  const messages: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    const type = numericType(Object.hasOwn(properties, name) ? properties[name] : patterns.find(([p]) => patternRegExp(p).test(name))?.[1]);
    if (!type) continue;
    const plain = type === 'integer' ? PLAIN_INTEGER : PLAIN_NUMBER;
    // An exponent can overflow to Infinity ("1e309"), which JSON Schema's number type admits.
    if ([value].flat().some((v) => typeof v === 'string' && (!plain.test(v) || !Number.isFinite(Number(v))))) {
      messages.push(`${name}: must be ${type === 'integer' ? 'integer (decimal digits)' : 'number (decimal notation)'}`);
    }
  }
  return messages;
}

/**
 * A top-level optional field sent as null is the same as one left out: the published client's
 * request types allow null there (`share?: ... | null`), as ingest lines do (docs/entities.md).
 * A required field sent as null stays, and fails its check.
 */
function withoutOptionalNulls(body: unknown, schema: JsonSchema): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (fields[key] === null && !required.has(key)) delete fields[key];
  return fields;
}

/** No request body of this API nests deeper; deeper ones would only cost stack (structuredClone, ajv). */
const MAX_BODY_DEPTH = 32;

/** Whether arrays and objects nest deeper than `max` levels; iterative, so any depth is safe to ask about. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The response type for the request's Accept header; 415 when none of `produces` is acceptable.
 * Media-type parameters other than q (`application/json; charset=utf-8`) do not narrow the
 * choice: every type here has a single form, and the negotiator would otherwise demand them.
 */
function negotiate(req: Request, produces: string[]): string {
  const header = req.headers.accept;
  if (!header) return produces[0];
  const ranges = header.split(',').map((range) => {
    const [type, ...params] = range.split(';');
    return [type.trim(), ...params.map((p) => p.trim()).filter((p) => /^q=/i.test(p))].join(';');
  });
  const chosen = accepts({ headers: { accept: ranges.join(',') } } as IncomingMessage).type(produces);
  if (!chosen) throw notAcceptable(produces);
  return chosen as string;
}

function send(res: Response, reply: Reply, accept: string, serialise: (body: unknown) => string): void {
  res.status(reply.status ?? 200);
  if (reply.headers) res.set(reply.headers);
  if (reply.status === 204) {
    res.end();
    return;
  }
  const type = reply.contentType ?? accept;
  if (reply.body instanceof Readable) {
    // The status is sent with the first chunk: a failure later can only cut the answer short,
    // which the client sees as a connection closed before the last chunk.
    res.type(type);
    pipeline(reply.body, res, () => undefined);
    return;
  }
  if (type === 'application/json') {
    res.type('application/json').send(serialise(reply.body));
  } else {
    res.type(type).send(reply.body as string | Buffer);
  }
}
