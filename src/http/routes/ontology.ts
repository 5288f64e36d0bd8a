/**
 * The published client's ontology reads that need more than an id filter or read the graph:
 * getRiskFactors (GET /v1/ontology/risk_factors with id, risk_category, level, risk_type,
 * enabled, visible), getSources, getSourceTypes, getIdentifiers, getOntology (GET
 * /v1/ontology, every kind) and metadata (GET /v1/metadata, and GET /metadata as older clients call it). List filters are read repeated,
 * comma-separated or JSON-encoded, as the client sends them. Thin: parse, OntologyService.
 */
import { badParameter } from '../../domain/errors';
import { RISK_FACTOR_ONTOLOGY } from '../../domain/ontology';
import { hsCodes } from '../../domain/hsCodes';
import type { OntologyService } from '../../services/ontology';
import type { RouteRegistry } from '../registry';
import { idFilter, idsOf } from './feeds';

const list = (description: string) => ({ ...idFilter, description: `${description}: repeated, comma-separated or JSON-encoded` });
const flag = { type: 'string', enum: ['true', 'false'] };
const errors = { 400: 'bad parameter', 401: 'no valid token', 429: 'rate limit exceeded' };

interface RiskFactorQuery { id?: string[]; risk_category?: string[]; level?: string[]; risk_type?: string[]; enabled?: string; visible?: string }

/** The values of a list parameter sent repeated, comma-separated or JSON-encoded, unchecked. */
function listValues(raw: string[] | undefined, name: string): string[] | undefined {
  try {
    return idsOf(raw, { has: () => true } as unknown as Set<string>, name);
  } catch (err) {
    const message = (err as { messages?: string[] }).messages?.[0] ?? String(err);
    throw badParameter(name, message.replace(/^id: /, ''));
  }
}

/** Values of one list filter, each checked against `known` (400 naming `name`). */
function valuesOf(raw: string[] | undefined, known: Set<string>, name: string): string[] | undefined {
  try {
    return idsOf(raw, known, name.replace(/_/g, ' '));
  } catch (err) {
    // idsOf names `id`; the caller's parameter is `name`.
    const message = (err as { messages?: string[] }).messages?.[0] ?? String(err);
    throw badParameter(name, message.replace(/^id: /, ''));
  }
}

const KNOWN = {
  id: new Set(RISK_FACTOR_ONTOLOGY.map((f) => f.id)),
  risk_category: new Set(RISK_FACTOR_ONTOLOGY.flatMap((f) => f.categories)),
  level: new Set(RISK_FACTOR_ONTOLOGY.map((f) => f.level)),
  risk_type: new Set(RISK_FACTOR_ONTOLOGY.map((f) => f.risk_type)),
};

export function registerOntologyRoutes(registry: RouteRegistry, ontology: OntologyService): void {
  registry.add<RiskFactorQuery>({
    method: 'get', path: '/v1/ontology/risk_factors', tag: 'ontology', credits: 0,
    summary: 'Ontology: risk factors, filtered by id, category, level, type, enabled and visible',
    query: {
      type: 'object', additionalProperties: false,
      properties: {
        id: list('risk factor ids'), risk_category: list('risk categories'), level: list('risk levels'),
        risk_type: list('risk types (direct, derived)'), enabled: flag, visible: flag,
      },
    },
    responses: { 200: '{filters, data: OntologyRiskFactor[], total_count}', ...errors },
    handler: async ({ query }) => {
      const filters: Record<string, unknown> = {};
      const lists = Object.fromEntries((['id', 'risk_category', 'level', 'risk_type'] as const).map((name) => {
        const values = valuesOf(query[name], KNOWN[name], name);
        if (values) filters[name] = values;
        return [name, values];
      })) as Record<keyof typeof KNOWN, string[] | undefined>;
      const enabled = query.enabled === undefined ? undefined : query.enabled === 'true';
      const visible = query.visible === undefined ? undefined : query.visible === 'true';
      if (enabled !== undefined) filters.enabled = enabled;
      if (visible !== undefined) filters.visible = visible;
      const data = RISK_FACTOR_ONTOLOGY.filter((f) => (!lists.id || lists.id.includes(f.id))
        && (!lists.risk_category || f.categories.some((c) => lists.risk_category!.includes(c)))
        && (!lists.level || lists.level.includes(f.level))
        && (!lists.risk_type || lists.risk_type.includes(f.risk_type))
        && (enabled === undefined || f.enabled === enabled)
        && (visible === undefined || f.visible === visible));
      return { body: { filters, data, total_count: data.length } };
    },
  });

  const fromGraph = [
    ['sources', 'sources loaded in the graph', () => ontology.sources()],
    ['source_types', 'the source types of the loaded sources', () => ontology.sourceTypes()],
    ['identifiers', 'the identifier types the graph carries', () => ontology.identifiers()],
  ] as const;
  for (const [kind, summary, read] of fromGraph) {
    registry.add<{ id?: string[] }>({
      method: 'get', path: `/v1/ontology/${kind}`, tag: 'ontology', credits: 0, summary: `Ontology: ${summary}`,
      query: { type: 'object', additionalProperties: false, properties: { id: idFilter } },
      responses: { 200: '{filters: {id?}, data, total_count}', ...errors },
      handler: async ({ query }) => {
        const items: { id: string }[] = await read();
        const ids = idsOf(query.id, new Set(items.map((i) => i.id)), kind.replace(/s$/, '').replace(/_/g, ' '));
        const data = ids ? items.filter((i) => ids.includes(i.id)) : items;
        return { body: { filters: ids ? { id: ids } : {}, data, total_count: data.length } };
      },
    });
  }

  registry.add({
    method: 'get', path: '/v1/ontology', tag: 'ontology', credits: 0, summary: 'The whole ontology: {data: {<kind>: [...]}}',
    query: { type: 'object', additionalProperties: false, properties: {} },
    responses: { 200: 'GetOntologyResponse', ...errors },
    handler: async () => ({ body: await ontology.whole() }),
  });

  registry.add<{ code?: string[] }>({
    method: 'get', path: '/v1/hs_codes', tag: 'ontology', credits: 0,
    summary: 'HS 2022 codes (chapters, headings, subheadings) with short and long descriptions; `code` keeps the codes under the given ones',
    query: { type: 'object', additionalProperties: false, properties: { code: list('HS codes of 2 to 10 digits') } },
    responses: { 200: '{filters: {code?}, data: OntologyHsCode[], total_count}', ...errors },
    handler: async ({ query }) => {
      const codes = listValues(query.code, 'code');
      const bad = codes?.find((c) => !/^[0-9]{2,10}$/.test(c));
      if (bad !== undefined) throw badParameter('code', `${JSON.stringify(bad)} is not an HS code (2 to 10 digits)`);
      const data = codes ? hsCodes().filter((h) => codes.some((c) => h.code.startsWith(c.slice(0, 6)))) : hsCodes();
      return { body: { filters: codes ? { code: codes } : {}, data, total_count: data.length } };
    },
  });

  // The published client (0.1.44) calls /metadata, the specification names /v1/metadata: both answer alike.
  for (const path of ['/v1/metadata', '/metadata']) {
    registry.add({
      method: 'get', path, tag: 'ontology', credits: 0, summary: 'The API version, the data releases and the caller',
      query: { type: 'object', additionalProperties: false, properties: {} },
      responses: { 200: 'MetadataResponse {version, master_release, watchlist_release, user}', ...errors },
      handler: async ({ principal }) => ({ body: await ontology.metadata(principal) }),
    });
  }
}
