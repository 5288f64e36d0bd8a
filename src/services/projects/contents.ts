/**
 * The published client's view of a project's entities (`getProjectEntities`): `sort`, `filters`
 * and `aggregations` over one light row per project entity (ProjectContentsRow, read by
 * `project-entity-facets`). Pure functions: parsing the parameters (400s naming them), matching,
 * ordering and counting. ProjectService pages the result and reads the page's full rows.
 */
import { createHash } from 'node:crypto';
import { isCountryId } from '../../domain/countries';
import { badParameter } from '../../domain/errors';
import { compactIdentifier, editDistance, normTokens } from '../../domain/names';
import { country as countryInfo } from '../../domain/ontology';
import { RISK_CATEGORIES, RISK_CATEGORY_ALIASES, isRiskFactor, riskCategoriesNamed, withSanctionsFactors } from '../../domain/risk';
import { factorsForCategories } from '../../domain/riskFamilies';
import { CASE_STATUSES, MAX_TAG_LENGTH } from './entityMatches';

/** What the facets statement gives per project entity, about its primary (first) match. */
export interface ProjectContentsRow {
  id: string;
  created: string;
  entityId: string | null;
  label: string | null;
  countries: string[];
  risk: string[];
  sources: { id: string; label: string }[];
  identifiers: string[];
  status: string | null;
  receiverOf: number;
  shipperOf: number;
  upstreamRisk: string[];
  upstreamCountries: string[];
  /** The saved entity's custom fields (custom_<name> -> string). */
  custom: Record<string, string>;
  /** The resolution's strength (strong, partial, no_match; manual when saved from entity ids). */
  strength: string;
  /** Every current match's entity id. */
  matchIds: string[];
  /** The tag labels (a label is its own id). */
  tags: string[];
  /** The case status (CASE_STATUSES). */
  caseStatus: string;
  /** The resolution uploads that saved or joined the project entity (docs/uploads.md). */
  uploadIds: string[];
}

/**
 * A saved entity's custom fields from the client's `custom_fields` (flat, or under
 * `properties`; the flat ones win), trimmed as filter values are, so `custom_team= gamma` is
 * found by `custom_team=gamma`. The schema has checked names and string values.
 */
export function customFieldsOf(raw: Record<string, unknown> | undefined, max: number): Record<string, string> {
  const { properties, ...flat } = (raw ?? {}) as { properties?: Record<string, string> } & Record<string, string>;
  const fields = Object.fromEntries(Object.entries({ ...properties, ...flat }).map(([name, value]) => [name, value.trim()]));
  const blank = Object.keys(fields).find((name) => fields[name] === '');
  if (blank) throw badParameter(`custom_fields.${blank}`, 'must not be blank');
  if (Object.keys(fields).length > max) throw badParameter('custom_fields', `at most ${max} fields`);
  return fields;
}

type SortValue = string | number | null;
/** A custom field name (the spec: keys start with custom_). */
export const CUSTOM_FIELD = /^custom_[A-Za-z0-9_]{1,64}$/;
const SORT_FIELDS: Readonly<Record<string, (r: ProjectContentsRow) => SortValue>> = {
  created: (r) => r.created,
  saved_resource_id: (r) => r.id,
  entity_id: (r) => r.entityId || null,
  label: (r) => (r.label ? r.label.toLowerCase() : null),
  country: (r) => r.countries[0] ?? null,
  latest_status: (r) => (r.status ? r.status.toLowerCase() : null),
  receiver_of: (r) => r.receiverOf,
  shipper_of: (r) => r.shipperOf,
};
/** The client's SortField values this service answers (upstream_entities it does not keep), and custom_<name>. */
export const SORT_VALUES: readonly string[] = Object.keys(SORT_FIELDS).flatMap((f) => [f, `-${f}`]);

/** Filter fields answered here, each with the check of its values. */
const FILTERS: Readonly<Record<string, (value: string) => string | undefined>> = {
  risk: (v) => (isRiskFactor(v) ? undefined : 'unknown risk factor'),
  upstream_risk: (v) => (isRiskFactor(v) ? undefined : 'unknown risk factor'),
  country: (v) => (isCountryId(v) ? undefined : 'unknown country id'),
  upstream_country: (v) => (isCountryId(v) ? undefined : 'unknown country id'),
  risk_category: (v) => (riskCategoriesNamed(v).every((c) => Object.hasOwn(RISK_CATEGORIES, c)) ? undefined : `unknown risk category (one of ${[...Object.keys(RISK_CATEGORIES), ...Object.keys(RISK_CATEGORY_ALIASES)].join(', ')})`),
  label_fuzzy: (v) => (normTokens(v).length ? undefined : 'needs a word'),
  identifier_fuzzy: (v) => (compactIdentifier(v) ? undefined : 'needs letters or digits'),
  // Ingest takes any source id of up to 512 characters.
  source_exact: (v) => (v.length <= 512 ? undefined : 'not a source id (at most 512 characters)'),
  status_exact: () => undefined,
  // The newer client's filter fields (src/services/projectClientFilter.ts).
  match_strength: (v) => (['strong', 'partial', 'no_match', 'manual'].includes(v) ? undefined : 'one of strong, partial, no_match, manual'),
  match_entity_id: (v) => (v.length <= 512 ? undefined : 'not an entity id (at most 512 characters)'),
  case_status: (v) => ((CASE_STATUSES as readonly string[]).includes(v) ? undefined : `one of ${CASE_STATUSES.join(', ')}`),
  tag: (v) => (v.length <= MAX_TAG_LENGTH ? undefined : `not a tag (at most ${MAX_TAG_LENGTH} characters)`),
  upload: (v) => (v.length <= 128 ? undefined : 'not an upload id (at most 128 characters)'),
};
/** Words of every label_fuzzy value together: each is compared with every word of every label. */
const MAX_FUZZY_WORDS = 20;
/** Values per filter field: alternatives of one field, each checked against every row. */
const MAX_VALUES_PER_FIELD = 50;
/** Fields of the client's filter this graph holds no data for: refused by name rather than matching nothing. */
const UNANSWERED_FILTERS = [
  'upstream_risk_tiers', 'upstream_country_tiers', 'shipment_country', 'tier0_shipment_country', 'tier1_shipment_country',
  'tier2_shipment_country', 'tier3_shipment_country', 'tier4_shipment_country', 'tier5_shipment_country', 'business_purpose',
  'city_fuzzy', 'state_fuzzy', 'bounds', 'upstream_product', 'match_count',
];

const AGGREGATIONS = ['hit_count', 'country', 'risk', 'source', 'upstream_risk', 'upstream_country', 'receiver_of', 'shipper_of'];

export interface ContentsQuery {
  sort?: { field: string; descending: boolean };
  /** Field -> accepted values, as asked: values of one field are alternatives, fields must all match. */
  filters: Record<string, string[]>;
  aggregations: string[];
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The list's view parameters. `filters` comes as `field=value` strings (`filters=risk%3Dpep`, the
 * client's documented form) or as `filters[field]=value` (its query serializer's form for the
 * filter object); field names are snake_case, camelCase is read as the same name.
 */
export function parseContentsQuery(query: Record<string, unknown>, parameterNames: Record<string, string> = {}): ContentsQuery {
  const pairs: [string, string][] = [];
  for (const raw of [query.filters ?? []].flat() as string[]) {
    const at = raw.indexOf('=');
    if (at <= 0) throw badParameter('filters', `${JSON.stringify(raw)} is not field=value`);
    pairs.push([raw.slice(0, at), raw.slice(at + 1)]);
  }
  for (const [key, values] of Object.entries(query)) {
    // filters[risk]=a&filters[risk]=b, or with the indices some serializers add (filters[risk][0]=a).
    const field = /^filters\[([A-Za-z0-9_]+)\](\[\d*\])?$/.exec(key)?.[1];
    if (field) for (const value of [values].flat() as string[]) pairs.push([field, value]);
  }
  const filters: Record<string, string[]> = Object.create(null);
  for (const [name, rawValue] of pairs) {
    const custom = CUSTOM_FIELD.test(name);
    // Custom fields keep the name they were saved with; the client's own fields are snake_case.
    const field = custom ? name : snake(name);
    const parameter = parameterNames[field] ?? `filters.${field}`;
    if (UNANSWERED_FILTERS.includes(field)) throw badParameter(parameter, 'not supported: this service keeps no data for it');
    if (!custom && !Object.hasOwn(FILTERS, field)) {
      throw badParameter('filters', `unknown filter field ${JSON.stringify(name)}; one of ${Object.keys(FILTERS).join(', ')} or custom_<name>`);
    }
    const value = rawValue.trim();
    const problem = !value ? 'needs a value' : custom ? undefined : FILTERS[field](value);
    if (problem) throw badParameter(parameter, `${JSON.stringify(value)}: ${problem}`);
    const values = (filters[field] ??= []);
    // A client name of one category stands for it (political_exposure is pep); one of two stays as sent.
    const named = field === 'risk_category' ? riskCategoriesNamed(value) : [];
    const canonical = named.length === 1 ? named[0] : value;
    if (!values.includes(canonical)) values.push(canonical);
    if (values.length > MAX_VALUES_PER_FIELD) throw badParameter(parameter, `at most ${MAX_VALUES_PER_FIELD} values`);
  }
  const fuzzyWordCount = (filters.label_fuzzy ?? []).reduce((n, v) => n + normTokens(v).length, 0);
  if (fuzzyWordCount > MAX_FUZZY_WORDS) throw badParameter('filters.label_fuzzy', `at most ${MAX_FUZZY_WORDS} words in all values together`);
  const aggregations = [...new Set([query.aggregations ?? []].flat() as string[])];
  for (const name of aggregations) {
    if (!AGGREGATIONS.includes(name) && !isRiskFactor(name)) {
      throw badParameter('aggregations', `${JSON.stringify(name)} is not answered here; one of ${AGGREGATIONS.join(', ')} or a risk factor id`);
    }
  }
  const sort = query.sort as string | undefined;
  if (sort !== undefined && !SORT_VALUES.includes(sort) && !CUSTOM_FIELD.test(sort.replace(/^-/, ''))) {
    throw badParameter('sort', `${JSON.stringify(sort)}: one of ${Object.keys(SORT_FIELDS).join(', ')} or custom_<name>, with - for descending`);
  }
  return {
    ...(sort ? { sort: { field: sort.replace(/^-/, ''), descending: sort.startsWith('-') } } : {}),
    filters,
    aggregations,
  };
}

/** Whether the list is in its plain order (oldest first) and unfiltered; counts may still be asked for. */
export const isPlainOrder = (q: ContentsQuery): boolean =>
  (!q.sort || (q.sort.field === 'created' && !q.sort.descending)) && Object.keys(q.filters).length === 0;

/**
 * What a page token of the view is bound to: the order (oldest first when none is given), the
 * filters and the entity types, as sets; not the counts asked for. Hashed, so a token stays short whatever the
 * filters hold.
 */
export function viewKey(q: ContentsQuery, types: string[] | null = null): string {
  const sort = q.sort ?? { field: 'created', descending: false };
  const filters = Object.keys(q.filters).sort().map((f) => [f, [...q.filters[f]].sort()]);
  const key = [sort.field, sort.descending, filters, types ? [...types].sort() : null];
  return createHash('sha256').update(JSON.stringify(key)).digest('base64url').slice(0, 22);
}

/** Every query word is a word of the label: equal, its start, or one edit away when five letters or longer. */
function fuzzyWords(labelWords: string[], query: string[]): boolean {
  return query.every((q) => labelWords.some((w) => w === q || w.startsWith(q) || (q.length >= 5 && editDistance(w, q, 1) <= 1)));
}

/** Plain `sanctioned` stands for every list, as in the entity's relationship filter. */
const factorSet = (values: string[]) => new Set(withSanctionsFactors(values));

/** A filter field's test of a row, built once per request from the field's values. */
const MATCHERS: Readonly<Record<string, (values: string[]) => (r: ProjectContentsRow) => boolean>> = {
  risk: (values) => {
    const wanted = factorSet(values);
    return (r) => r.risk.some((f) => wanted.has(f));
  },
  upstream_risk: (values) => {
    const wanted = factorSet(values);
    return (r) => r.upstreamRisk.some((f) => wanted.has(f));
  },
  country: (values) => (r) => values.some((v) => r.countries.includes(v)),
  upstream_country: (values) => (r) => values.some((v) => r.upstreamCountries.includes(v)),
  // The client: "at least one risk factor from each provided category must be present".
  risk_category: (values) => {
    const categories = values.map((c) => new Set(factorsForCategories([...riskCategoriesNamed(c)])));
    return (r) => categories.every((factors) => r.risk.some((f) => factors.has(f)));
  },
  label_fuzzy: (values) => {
    const queries = values.map(normTokens);
    return (r) => {
      if (!r.label) return false;
      const words = normTokens(r.label);
      return queries.some((q) => fuzzyWords(words, q));
    };
  },
  identifier_fuzzy: (values) => {
    const compact = values.map(compactIdentifier);
    return (r) => r.identifiers.some((i) => {
      const id = compactIdentifier(i);
      return compact.some((v) => id.includes(v));
    });
  },
  source_exact: (values) => (r) => values.some((v) => r.sources.some((s) => s.id === v)),
  status_exact: (values) => {
    const wanted = values.map((v) => v.toLowerCase());
    return (r) => r.status !== null && wanted.includes(r.status.toLowerCase());
  },
  match_strength: (values) => (r) => values.includes(r.strength),
  match_entity_id: (values) => (r) => r.matchIds.some((m) => values.includes(m)),
  case_status: (values) => (r) => values.includes(r.caseStatus),
  // A tag's id is its label (the client filters by tag id).
  tag: (values) => (r) => r.tags.some((t) => values.includes(t)),
  // An upload id: the entities a resolution upload saved or joined (a repeated row joins the entity saved before).
  upload: (values) => (r) => r.uploadIds.some((u) => values.includes(u)),
};

/** The view's filters as one test of a row. */
export function compileFilters(filters: Record<string, string[]>): (row: ProjectContentsRow) => boolean {
  const tests = Object.entries(filters).map(([field, values]) =>
    (Object.hasOwn(MATCHERS, field) ? MATCHERS[field](values) : (r: ProjectContentsRow) => values.includes(r.custom[field]?.trim())));
  return (row) => tests.every((test) => test(row));
}

/**
 * Order of the view: the sort value, then the project entity id; rows without a value come
 * last in either direction. Ascending oldest first when no sort is given.
 */
export function contentsComparator(sort: ContentsQuery['sort']): (a: { value: SortValue; id: string }, b: { value: SortValue; id: string }) => number {
  const descending = sort?.descending ?? false;
  return (a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
    } else if (a.value !== b.value) {
      return (a.value < b.value ? -1 : 1) * (descending ? -1 : 1);
    }
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (descending ? -1 : 1);
  };
}

export const sortValue = (row: ProjectContentsRow, sort: ContentsQuery['sort']): SortValue => {
  const field = sort?.field ?? 'created';
  return Object.hasOwn(SORT_FIELDS, field) ? SORT_FIELDS[field](row) : (row.custom[field]?.trim().toLowerCase() || null);
};

export interface Bucket { key: string; doc_count: number; label?: string; comment?: string }

function buckets(rows: ProjectContentsRow[], keysOf: (r: ProjectContentsRow) => string[], labelOf?: (key: string) => string | undefined): Bucket[] {
  const counts = new Map<string, number>();
  for (const r of rows) for (const key of new Set(keysOf(r))) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([key, doc_count]) => {
    const label = labelOf?.(key);
    return label === undefined ? { key, doc_count } : { key, doc_count, label };
  });
}

/**
 * The requested aggregations over the filtered rows, under the client's response names. Named
 * risk factors get a bucket each, counted as the `risk` filter matches them (`sanctioned`: any
 * list) and a zero count included; with `risk` too they join its buckets.
 */
export function aggregate(rows: ProjectContentsRow[], names: string[]): Record<string, Bucket[]> {
  const out: Record<string, Bucket[]> = {};
  const wanted = new Set(names);
  if (wanted.has('hit_count')) out.hit_count = [{ key: 'hit_count', doc_count: rows.length }];
  if (wanted.has('country')) out.country = buckets(rows, (r) => r.countries, (k) => countryInfo(k)?.label);
  const named = names.filter((n) => !AGGREGATIONS.includes(n)).map((factor) => {
    const matches = MATCHERS.risk([factor]);
    return { key: factor, doc_count: rows.filter(matches).length };
  });
  if (wanted.has('risk')) {
    const namedKeys = new Set(named.map((b) => b.key));
    out.risk = [...buckets(rows, (r) => r.risk).filter((b) => !namedKeys.has(b.key)), ...named]
      .sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : 1));
  } else if (named.length) {
    out.risk = named;
  }
  if (wanted.has('source')) {
    const labels = new Map(rows.flatMap((r) => r.sources.map((s) => [s.id, s.label] as const)));
    out.source = buckets(rows, (r) => r.sources.map((s) => s.id), (k) => labels.get(k));
  }
  if (wanted.has('upstream_risk')) out.upstream_risk = buckets(rows, (r) => r.upstreamRisk);
  if (wanted.has('upstream_country')) out.upstream_country = buckets(rows, (r) => r.upstreamCountries, (k) => countryInfo(k)?.label);
  const comment = 'Sum of all shipments of this type across matching documents';
  const shipments: Bucket[] = [];
  if (wanted.has('receiver_of')) shipments.push({ key: 'receiver_of', doc_count: rows.reduce((n, r) => n + r.receiverOf, 0), comment });
  if (wanted.has('shipper_of')) shipments.push({ key: 'shipper_of', doc_count: rows.reduce((n, r) => n + r.shipperOf, 0), comment });
  if (shipments.length) out.shipment_counts = shipments;
  return out;
}
