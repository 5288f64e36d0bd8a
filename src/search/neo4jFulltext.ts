/**
 * SearchIndex adapter on Neo4j's Lucene full-text indexes (cypher/schema-search.cypher):
 * `entity_search` over the derived, pre-normalised sx_* properties of entities and
 * `record_label_search` over those of records (normalised label, source token). The match
 * tree becomes a Lucene query; filters become Lucene clauses where the index holds them
 * (country, type, source id) so counts stay exact. A page
 * statement keeps at most MAX_RESULTS + 1 hits (the record entity-type filter, which the index
 * does not hold, streams hits until that many pass it); facets stream every hit.
 */
import neo4j from 'neo4j-driver';
import { cypher } from '../graph/cypherFiles';
import type { Props } from '../graph/mappers';
import type { Graph } from '../graph/neo4j';
import { FieldValues, IndexField, sourceToken, sxProperty } from './fields';
import { luceneEscape, toLucene } from './query';
import {
  Candidate, CandidateRequest, Facets, MAX_RESULTS, SearchHit, SearchIndex, SearchRequest, SearchResult,
} from './port';
import { REGION_OF } from '../domain/regions';
import { COMPANY_FORM_TOKENS, WEAK_COMPANY_WORDS, allowedEdits, skeleton } from '../domain/names';
import { badParameter } from '../domain/errors';

const FACET_SIZE = 250;
const POOL = MAX_RESULTS + 1;

const orClause = (property: string, values: string[]): string =>
  `+${property}:(${values.map((v) => `"${luceneEscape(v.toLowerCase())}"`).join(' OR ')})`;

/** Lucene query of an entity search: the match tree plus filter clauses. */
export function entityLucene(request: Pick<SearchRequest, 'query' | 'filters'>): string {
  const parts = [`+${toLucene(request.query, sxProperty)}`];
  const { country, entity_type: types, source } = request.filters;
  if (country?.length) parts.push(orClause('sx_country', country));
  if (types?.length) parts.push(orClause('sx_type', types));
  if (source?.length) parts.push(`+sx_source:(${source.map(sourceToken).join(' OR ')})`);
  return parts.join(' ');
}

/** Lucene query of a record search over record_label_search (sx_label, sx_source). */
export function recordLucene(request: Pick<SearchRequest, 'query'>, sources: string[] | undefined): string {
  const parts = [`+${toLucene(request.query, sxProperty)}`];
  if (sources?.length) parts.push(`+sx_source:(${sources.map(sourceToken).join(' OR ')})`);
  return parts.join(' ');
}

/**
 * Clause budget of a candidate query. Lucene refuses a query of more than 1024 clauses, and a
 * fuzzy word expands to up to 50 (one per similar index word), so the query takes the most
 * informative name words within `nameClauses` and caps the other lists; the resolve use case
 * scores the candidates against every name given, so dropping words narrows recall only.
 */
export const CANDIDATE_LIMITS = { nameClauses: 600, fuzzyWordClauses: 50, skeletons: 64, joined: 2, pairs: 2, phonetic: 32, related: 32, identifiers: 40, addressWords: 64, datesOfBirth: 20, countries: 40 };

/** Least informative last: company forms and weak words, then shorter words. */
const informativeness = (t: string): number => (COMPANY_FORM_TOKENS.has(t) || WEAK_COMPANY_WORDS.has(t) ? 0 : 100) + Math.min(t.length, 50);
const byInformativeness = (tokens: Iterable<string>): string[] =>
  [...new Set(tokens)].sort((a, b) => informativeness(b) - informativeness(a) || (a < b ? -1 : a > b ? 1 : 0));

/**
 * Name words of the candidate query: each name's most informative word first, then each
 * name's second, and so on (so every name is represented), while the clauses they make fit
 * CANDIDATE_LIMITS.nameClauses. Returns the words with their allowed edits.
 */
export function candidateNameWords(names: string[][], fuzziness: number, budget = CANDIDATE_LIMITS.nameClauses): { word: string; edits: number }[] {
  const ranked = names.map(byInformativeness);
  const out = new Map<string, number>();
  const longest = Math.max(0, ...ranked.map((r) => r.length));
  for (let round = 0; round < longest && budget > 0; round++) {
    for (const words of ranked) {
      const word = words[round];
      if (word === undefined || out.has(word)) continue;
      const edits = Math.min(allowedEdits(word.length, fuzziness), 2);
      const cost = edits ? CANDIDATE_LIMITS.fuzzyWordClauses : 1;
      if (cost > budget) continue;
      budget -= cost;
      out.set(word, edits);
    }
  }
  return [...out].map(([word, edits]) => ({ word, edits }));
}

/**
 * Lucene query of resolution candidates: any name token (fuzzy), skeleton, identifier or
 * address token; a matching date of birth or country ranks a candidate up. Bounded by
 * CANDIDATE_LIMITS whatever the request holds.
 */
export function candidateLucene(request: CandidateRequest): string {
  const clauses: string[] = [];
  // Split words joined again (fuzzy, one edit): their clauses come out of the name words' budget.
  const pairs = request.fuzziness > 0 ? [...new Set(request.pairs ?? [])].slice(0, CANDIDATE_LIMITS.pairs) : [];
  const nameWords = candidateNameWords(request.names, request.fuzziness, CANDIDATE_LIMITS.nameClauses - pairs.length * CANDIDATE_LIMITS.fuzzyWordClauses);
  for (const p of pairs) clauses.push(`sx_name:${luceneEscape(p)}~1`);
  for (const { word, edits } of nameWords) clauses.push(`sx_name:${luceneEscape(word)}${edits ? `~${edits}` : ''}`);
  // Skeletons of the words kept only (the request's are of every word).
  const requested = new Set(request.skeletons);
  const skeletons = [...new Set(nameWords.map(({ word }) => skeleton(word)))].filter((s) => requested.has(s));
  for (const s of skeletons.slice(0, CANDIDATE_LIMITS.skeletons)) clauses.push(`sx_name_sk:${luceneEscape(s)}`);
  // Name keys: a joined or split spelling (one edit, so a slip in it too), sound-alike words,
  // nicknames. Two edits would cost a third of the statement at 1M entities (every entity's
  // joined name is a term of its own), and a slip in a single word is found by its own clause.
  for (const j of [...new Set(request.joined ?? [])].slice(0, CANDIDATE_LIMITS.joined)) clauses.push(`sx_name_jn:${luceneEscape(j)}~1`);
  for (const p of [...new Set(request.phonetic ?? [])].slice(0, CANDIDATE_LIMITS.phonetic)) clauses.push(`sx_name_ph:${luceneEscape(p)}^0.5`);
  for (const r of [...new Set(request.related ?? [])].slice(0, CANDIDATE_LIMITS.related)) clauses.push(`sx_name:${luceneEscape(r)}^0.8`);
  for (const id of [...new Set(request.identifiers)].filter(Boolean).slice(0, CANDIDATE_LIMITS.identifiers)) clauses.push(`sx_identifier:${luceneEscape(id)}^8`);
  for (const t of byInformativeness(request.addresses.flat()).slice(0, CANDIDATE_LIMITS.addressWords)) clauses.push(`sx_address:${luceneEscape(t)}^0.3`);
  if (clauses.length === 0) return '';
  const parts = [`+(${clauses.join(' ')})`];
  if (request.types?.length) parts.push(orClause('sx_type', request.types));
  // Optional clauses: they add to the score of candidates that have them, and exclude nobody.
  const dobs = [...new Set(request.datesOfBirth.filter((d) => d.length).map((d) => d.map(luceneEscape).join(' ')))];
  for (const dob of dobs.slice(0, CANDIDATE_LIMITS.datesOfBirth)) parts.push(`sx_date_of_birth:"${dob}"^4`);
  for (const c of [...new Set(request.countries)].slice(0, CANDIDATE_LIMITS.countries)) parts.push(`sx_country:${luceneEscape(c)}^0.5`);
  return parts.join(' ');
}

/** Lucene's refusal of a query of too many clauses (after fuzzy and prefix words expand). */
export const isTooManyClauses = (err: unknown): boolean =>
  /TooManyClauses|TooManyNestedClauses|maxClauseCount/.test(String((err as { message?: string })?.message ?? ''));

/** Runs a full-text statement; a query Lucene finds too large becomes a 400 naming `parameter`. */
async function boundedRead<T>(parameter: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (isTooManyClauses(err)) {
      throw badParameter(parameter, 'too complex: its fuzzy and prefix words match more than 1024 index words; use fewer fuzzy words (each may match up to 50 per field)');
    }
    throw err;
  }
}

const NO_FACETS = (): Facets => ({ country: [], entity_type: [], source: [], source_type: [], region: [] });

/** Top FACET_SIZE buckets per facet (most documents first, then key) from (facet, key, n) rows. */
function facetsOf(rows: { get(k: string): unknown }[]): Facets {
  const facets = NO_FACETS();
  for (const row of rows) facets[row.get('facet') as keyof Facets]?.push({ key: String(row.get('key')), doc_count: row.get('n') as number });
  for (const buckets of Object.values(facets)) {
    buckets.sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    buckets.splice(FACET_SIZE);
  }
  return facets;
}

export class Neo4jFulltextIndex implements SearchIndex {
  readonly backend = 'neo4j' as const;

  constructor(private readonly graph: Graph) {}

  async search(request: SearchRequest): Promise<SearchResult> {
    return request.target === 'entity' ? this.searchEntities(request) : this.searchRecords(request);
  }

  private window(request: SearchRequest) {
    const offset = Math.min(request.offset, MAX_RESULTS);
    const end = Math.min(offset + request.limit, MAX_RESULTS);
    return { offset: neo4j.int(offset), end: neo4j.int(end), pool: neo4j.int(POOL) };
  }

  /**
   * Facets over the whole result set, read in a statement of their own (run beside the page):
   * it streams every hit, however many, and keeps only the bucket counts.
   */
  private async facets(statement: string, params: Record<string, unknown>): Promise<Facets> {
    const sources = await this.graph.read(cypher('search', 'source-facet-keys'));
    const sourceTypes: Record<string, string> = {};
    const sourceCountries: Record<string, string> = {};
    for (const s of sources) {
      if (s.get('type')) sourceTypes[s.get('id') as string] = s.get('type') as string;
      if (s.get('country')) sourceCountries[s.get('id') as string] = s.get('country') as string;
    }
    return facetsOf(await this.graph.read(cypher('search', statement), { ...params, sourceTypes, sourceCountries, regions: REGION_OF }));
  }

  private async searchEntities(request: SearchRequest): Promise<SearchResult> {
    const lucene = entityLucene(request);
    const sources = request.filters.source?.length ? request.filters.source : null;
    const [rows, facets] = await boundedRead('q', () => Promise.all([
      this.graph.read(cypher('search', 'entity-search'), { lucene, sources, ...this.window(request) }),
      request.facets ? this.facets('entity-facets', { lucene, sources }) : undefined,
    ]));
    const row = rows[0];
    const total = row.get('total') as number;
    const hits: SearchHit[] = (row.get('items') as { score: number; entity: Props }[]).map(({ score, entity }) => {
      const { search_values: values, ...props } = entity;
      return { id: props.id as string, score, props, values: parseJson<Partial<FieldValues>>(values, { name: [String(props.label ?? props.id)] }) };
    });
    return { total, lowerBound: total > MAX_RESULTS, hits, ...(facets ? { facets } : {}) };
  }

  private async searchRecords(request: SearchRequest): Promise<SearchResult> {
    let sources = request.filters.source?.length ? [...request.filters.source] : undefined;
    if (request.filters.country?.length) {
      const [row] = await this.graph.read(cypher('search', 'source-ids-of-countries'), { countries: request.filters.country });
      const ofCountries = row.get('ids') as string[];
      sources = sources ? sources.filter((s) => ofCountries.includes(s)) : ofCountries;
    }
    if (sources && sources.length === 0) {
      return { total: 0, lowerBound: false, hits: [], ...(request.facets ? { facets: NO_FACETS() } : {}) };
    }
    const lucene = recordLucene(request, sources);
    const entityTypes = request.filters.entity_type?.length ? request.filters.entity_type : null;
    const [rows, facets] = await boundedRead('q', () => Promise.all([
      this.graph.read(cypher('search', entityTypes ? 'record-search-by-entity-type' : 'record-search'), { lucene, entityTypes, ...this.window(request) }),
      request.facets ? this.facets('record-facets', { lucene, entityTypes }) : undefined,
    ]));
    const row = rows[0];
    const total = row.get('total') as number;
    const hits: SearchHit[] = (row.get('items') as { score: number; record: Props }[]).map((item) => ({
      id: item.record.id as string,
      score: item.score,
      props: item.record,
      values: { label: [item.record.label as string] } as Partial<Record<IndexField, string[]>>,
    }));
    return { total, lowerBound: total > MAX_RESULTS, hits, ...(facets ? { facets } : {}) };
  }

  async candidates(request: CandidateRequest): Promise<Candidate[]> {
    const lucene = candidateLucene(request);
    if (!lucene) return [];
    const rows = await boundedRead('name', () => this.graph.read(cypher('search', 'resolve-candidates'), { lucene, pool: neo4j.int(request.pool) }));
    return rows.map((r) => candidateOf(r.get('entity') as Props));
  }

  /**
   * Several candidate queries in one statement. Each query's rows come in the order the index
   * yields them (score, best first), as `candidates` answers. When Lucene refuses one query
   * (too many clauses), every query is run on its own so only that one answers its error.
   */
  async nameWordCounts(words: string[], cap: number): Promise<{ total: number; counts: Map<string, number> }> {
    const queries = [...new Set(words)].filter((w) => /^[a-z0-9]+$/.test(w)).map((word) => ({ word, lucene: `sx_name:${luceneEscape(word)}` }));
    if (!queries.length) return { total: 0, counts: new Map() };
    const rows = await this.graph.read(cypher('search', 'name-word-counts'), { queries, cap: neo4j.int(cap) });
    const counts = new Map(rows.map((r) => [r.get('word') as string, Number(r.get('n'))]));
    return { total: rows.length ? Number(rows[0].get('total')) : 0, counts };
  }

  async candidatesMany(requests: CandidateRequest[]): Promise<(Candidate[] | Error)[]> {
    const queries = requests.map((r) => ({ lucene: candidateLucene(r), pool: neo4j.int(r.pool) }));
    const asked = queries.map((q, i) => ({ ...q, i })).filter((q) => q.lucene);
    const out: (Candidate[] | Error)[] = requests.map(() => []);
    if (!asked.length) return out;
    try {
      const rows = await this.graph.read(cypher('search', 'resolve-candidates-many'), { queries: asked.map(({ lucene, pool }) => ({ lucene, pool })) });
      for (const r of rows) (out[asked[r.get('i') as number].i] as Candidate[]).push(candidateOf(r.get('entity') as Props));
      return out;
    } catch (err) {
      if (!isTooManyClauses(err)) throw err;
      return Promise.all(requests.map((r) => this.candidates(r).catch((e: Error) => e)));
    }
  }

  async close(): Promise<void> {
    // The graph is owned by the caller.
  }
}

const parseJson = <T>(v: unknown, fallback: T): T => {
  if (typeof v !== 'string' || !v) return fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
};

/** A candidate from entity properties (search_names, identifiers JSON, sx_date_of_birth tokens). */
export function candidateOf(e: Props): Candidate {
  const names = typeof e.search_names === 'string' && e.search_names ? e.search_names.split('\n') : [String(e.label ?? e.id)];
  const dobs = typeof e.sx_date_of_birth === 'string' && e.sx_date_of_birth
    ? e.sx_date_of_birth.split('\n').map((d) => d.trim().split(/\s+/).join('-'))
    : e.date_of_birth ? [String(e.date_of_birth)] : [];
  return {
    id: e.id as string,
    props: e,
    names,
    identifiers: parseJson<{ type: string; value: string }[]>(e.identifiers, []),
    datesOfBirth: dobs,
    countries: (e.countries as string[]) ?? [],
    addresses: (e.addresses as string[]) ?? [],
    sources: Object.keys(parseJson<Record<string, unknown>>(e.source_count, {})),
  };
}
