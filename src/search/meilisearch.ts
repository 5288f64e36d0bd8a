/**
 * SearchIndex adapter on Meilisearch (used when MEILI_URL is set). Documents come from
 * ./documents.ts, kept in sync by the BullMQ job (src/workers/searchIndexJob.ts) and
 * `graph-api reindex`.
 *
 * Meilisearch's `q` has no boolean operators, so the match tree runs as a filter
 * expression over the token arrays: a term is `t_<field> = "tok"`, a prefix
 * `t_<field> STARTS WITH "pre"` (the containsFilter feature, enabled at setup), a phrase
 * requires each adjacent pair `b_<field> = "a b"`, a fuzzy term the indexed tokens within its
 * edits (found with facet search). The result set is therefore the same as the Lucene
 * adapter's. `q` is used for ranking when the query is a plain conjunction of words (then it
 * cannot drop a document the filter keeps); otherwise results come in index order.
 */
import { MeiliClient } from './meiliClient';
import { editDistance } from '../domain/names';
import type { Props } from '../graph/mappers';
import { EntityDocument, RecordDocument, documentKey } from './documents';
import { IndexField } from './fields';
import type { Alternative, MatchNode } from './query';
import {
  Candidate, CandidateRequest, FacetBucket, Facets, MAX_RESULTS, SearchHit, SearchIndex, SearchRequest, SearchResult,
} from './port';

const FACET_SIZE = 250;
const ENTITY_FACETS = { country: 'f_country', entity_type: 'f_type', source: 'f_source', source_type: 'f_source_type', region: 'f_region' } as const;
const TOKEN_FIELDS: IndexField[] = ['name', 'identifier', 'identifier_type', 'address', 'business_purpose', 'date_of_birth', 'contact', 'contact_type', 'position'];

export interface MeiliOptions {
  url: string;
  key?: string;
  /** Prefix of the index uids (tests use their own). */
  prefix?: string;
  timeoutMs?: number;
}

const quote = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const inList = (attr: string, values: string[]): string => `${attr} IN [${values.map(quote).join(', ')}]`;

type Expansions = Map<string, string[]>;
const expansionKey = (field: IndexField, token: string, edits: number) => `${field}\u0000${token}\u0000${edits}`;

function alternativeFilter(alt: Alternative, expansions: Expansions): string {
  const attr = `t_${alt.field}`;
  const one = (t: string, i: number): string => {
    if (alt.prefix && i === alt.tokens.length - 1) return `${attr} STARTS WITH ${quote(t)}`;
    if (alt.fuzzy) {
      const expanded = expansions.get(expansionKey(alt.field, t, alt.fuzzy)) ?? [];
      return expanded.length ? inList(attr, [...new Set([t, ...expanded])]) : `${attr} = ${quote(t)}`;
    }
    return `${attr} = ${quote(t)}`;
  };
  if (alt.tokens.length === 1) return one(alt.tokens[0], 0);
  if (alt.prefix || alt.fuzzy) return `(${alt.tokens.map(one).join(' AND ')})`;
  const pairs = alt.tokens.slice(1).map((t, i) => `b_${alt.field} = ${quote(`${alt.tokens[i]} ${t}`)}`);
  return `(${pairs.join(' AND ')})`;
}

/** The match tree as a Meilisearch filter expression. */
export function toMeiliFilter(node: MatchNode, expansions: Expansions = new Map()): string {
  switch (node.kind) {
    case 'leaf':
      return node.alternatives.length === 1
        ? alternativeFilter(node.alternatives[0], expansions)
        : `(${node.alternatives.map((a) => alternativeFilter(a, expansions)).join(' OR ')})`;
    case 'and':
      return `(${node.children.map((c) => (c.kind === 'not' ? `NOT ${toMeiliFilter(c.child, expansions)}` : toMeiliFilter(c, expansions))).join(' AND ')})`;
    case 'or':
      return `(${node.children.map((c) => toMeiliFilter(c, expansions)).join(' OR ')})`;
    case 'not':
      return `NOT ${toMeiliFilter(node.child, expansions)}`;
  }
}

function fuzzyAlternatives(node: MatchNode, out: Alternative[] = []): Alternative[] {
  if (node.kind === 'leaf') out.push(...node.alternatives.filter((a) => a.fuzzy));
  else if (node.kind === 'not') fuzzyAlternatives(node.child, out);
  else for (const c of node.children) fuzzyAlternatives(c, out);
  return out;
}

/** Words for `q` when the query is a plain conjunction of words, so `q` cannot drop a filtered document. */
export function rankingQuery(node: MatchNode): string {
  const words: string[] = [];
  const visit = (n: MatchNode): boolean => {
    if (n.kind === 'or') return false;
    if (n.kind === 'not') return true;
    if (n.kind === 'and') return n.children.every(visit);
    const lists = new Set(n.alternatives.map((a) => a.tokens.join(' ')));
    if (lists.size !== 1 || n.alternatives.some((a) => a.prefix || a.fuzzy || a.compact)) return false;
    const tokens = n.alternatives[0].tokens;
    if (!tokens.every((t) => /^[a-z0-9]+$/.test(t))) return false;
    words.push(tokens.length > 1 ? `"${tokens.join(' ')}"` : tokens[0]);
    return true;
  };
  if (!visit(node)) return '';
  return words.join(' ').split(/\s+/).length <= 10 ? words.join(' ') : '';
}

function searchedFields(node: MatchNode, out = new Set<IndexField>()): Set<IndexField> {
  if (node.kind === 'leaf') for (const a of node.alternatives) out.add(a.field);
  else if (node.kind === 'not') searchedFields(node.child, out);
  else for (const c of node.children) searchedFields(c, out);
  return out;
}

function buckets(distribution: Record<string, number> | undefined): FacetBucket[] {
  return Object.entries(distribution ?? {})
    .map(([key, doc_count]) => ({ key, doc_count }))
    .sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, FACET_SIZE);
}

export class MeiliSearchIndex implements SearchIndex {
  readonly backend = 'meilisearch' as const;
  readonly client: MeiliClient;
  readonly entityUid: string;
  readonly recordUid: string;
  private ready: Promise<void> | undefined;

  constructor(options: MeiliOptions) {
    this.client = new MeiliClient(options.url, options.key, options.timeoutMs ?? 15_000);
    this.entityUid = `${options.prefix ?? ''}entities`;
    this.recordUid = `${options.prefix ?? ''}records`;
  }

  /** Creates the indexes and applies settings once per process (idempotent). */
  setup(): Promise<void> {
    this.ready ??= this.applySetup().catch((err) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  private applySetup(): Promise<void> {
    return this.setupIndexes(this.entityUid, this.recordUid);
  }

  /** Creates a pair of indexes (entities, records) with this adapter's settings; idempotent. */
  async setupIndexes(entityUid: string, recordUid: string): Promise<void> {
    await this.client.enableContainsFilter();
    for (const uid of [entityUid, recordUid]) await this.client.createIndex(uid, 'key');
    const common = { pagination: { maxTotalHits: MAX_RESULTS + 1 }, faceting: { maxValuesPerFacet: 1000 } };
    await this.client.updateSettings(entityUid, {
      ...common,
      searchableAttributes: [...TOKEN_FIELDS.map((f) => `n_${f}`), 'n_name_sk', 'n_name_jn', 'n_name_ph'],
      filterableAttributes: [...TOKEN_FIELDS.flatMap((f) => [`t_${f}`, `b_${f}`]), 't_name_sk', ...Object.values(ENTITY_FACETS)],
      displayedAttributes: ['*'],
      // A phonetic or consonant key is a code, matched exactly (as the Lucene sx_name_ph clause is):
      // a typo in one would be another sound.
      typoTolerance: { disableOnAttributes: ['n_name_ph'] },
    });
    await this.client.updateSettings(recordUid, {
      ...common,
      searchableAttributes: ['n_label'],
      filterableAttributes: ['t_label', 'b_label', ...Object.values(ENTITY_FACETS)],
      displayedAttributes: ['*'],
    });
  }

  /** Fuzzy terms: the indexed tokens of their field within the allowed edits (facet search, then checked here). */
  private async expand(uid: string, node: MatchNode): Promise<Expansions> {
    const out: Expansions = new Map();
    for (const alt of fuzzyAlternatives(node)) {
      for (const t of alt.tokens) {
        const key = expansionKey(alt.field, t, alt.fuzzy!);
        if (out.has(key)) continue;
        const probe = t.slice(0, Math.max(1, t.length - alt.fuzzy!));
        const found = await this.client.facetSearch(uid, `t_${alt.field}`, probe);
        out.set(key, found.filter((v) => editDistance(t, v, alt.fuzzy!) <= alt.fuzzy!));
      }
    }
    return out;
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    await this.setup();
    const uid = request.target === 'entity' ? this.entityUid : this.recordUid;
    const filters: string[] = [`(${toMeiliFilter(request.query, await this.expand(uid, request.query))})`];
    const f = request.filters;
    if (f.country?.length) filters.push(inList('f_country', f.country));
    if (f.entity_type?.length) filters.push(inList('f_type', f.entity_type));
    if (f.source?.length) filters.push(inList('f_source', f.source));
    const filter = filters.join(' AND ');
    const q = rankingQuery(request.query);
    const on = q ? [...searchedFields(request.query)].map((x) => `n_${x}`) : undefined;
    const offset = Math.min(request.offset, MAX_RESULTS);
    const limit = Math.max(0, Math.min(request.limit, MAX_RESULTS - offset));
    const [page, count] = await this.client.multiSearch([
        {
          indexUid: uid, q, filter, offset, limit, matchingStrategy: 'all', attributesToSearchOn: on,
          attributesToRetrieve: ['id', 'entity', 'record', 'values'], showRankingScore: true,
          ...(request.facets ? { facets: Object.values(ENTITY_FACETS) } : {}),
        },
        { indexUid: uid, q, filter, page: 1, hitsPerPage: 0, matchingStrategy: 'all', attributesToSearchOn: on },
    ]);
    const total = count.totalHits ?? 0;
    const hits: SearchHit[] = page.hits.map((h) => ({
      id: h.id as string,
      score: (h._rankingScore as number | undefined) ?? 0,
      props: (request.target === 'entity' ? h.entity : h.record) as Props,
      values: (h.values ?? {}) as Partial<Record<IndexField, string[]>>,
    }));
    let facets: Facets | undefined;
    if (request.facets) {
      const d = page.facetDistribution ?? {};
      facets = {
        country: buckets(d.f_country), entity_type: buckets(d.f_type), source: buckets(d.f_source),
        source_type: buckets(d.f_source_type), region: buckets(d.f_region),
      };
    }
    return { total, lowerBound: total > MAX_RESULTS, hits, ...(facets ? { facets } : {}) };
  }

  async candidates(request: CandidateRequest): Promise<Candidate[]> {
    await this.setup();
    const typeFilter = request.types?.length ? inList('f_type', request.types) : undefined;
    const queries: Record<string, unknown>[] = [];
    const base = { indexUid: this.entityUid, limit: request.pool, attributesToRetrieve: ['id', 'entity', 'values', 'f_source'], filter: typeFilter };
    // Among many namesakes, those born on a given date come from a query of their own.
    const dobFilters = request.datesOfBirth.filter((d) => d.length).map((d) => d.map((t) => `t_date_of_birth = ${quote(t)}`).join(' AND '));
    // `frequency` drops the commonest words first, so a candidate sharing only the rarer words is
    // found (as any Lucene clause finds one); `last` kept the first word, which a variant of a
    // given name (Mohammed / Muhammad) then lost. Nickname forms (Bill -> william) go with the
    // name's words in a query of their own.
    for (const tokens of request.names) {
      if (!tokens.length) continue;
      const nameQuery = { ...base, q: tokens.slice(0, 10).join(' '), matchingStrategy: 'frequency', attributesToSearchOn: ['n_name'] };
      // Namesakes born on a given date first, as the Lucene adapter's boost puts them.
      for (const dob of dobFilters) queries.push({ ...nameQuery, filter: typeFilter ? `${dob} AND ${typeFilter}` : dob });
      queries.push(nameQuery);
      if (request.related?.length) queries.push({ ...nameQuery, q: [...request.related, ...tokens].slice(0, 10).join(' ') });
    }
    // Split words joined again (Nak amura -> nakamura): typo tolerance gives them their edit.
    if (request.pairs?.length) queries.push({ ...base, q: request.pairs.slice(0, 10).join(' '), matchingStrategy: 'last', attributesToSearchOn: ['n_name'] });
    // The name keys the Lucene adapter queries (sx_name_jn, sx_name_ph): each name written as one
    // word (typo tolerance gives it its edit), sound-alike words and consonant keys of Arabic- and
    // Hebrew-script words, each in a query of its own so they add candidates without narrowing any.
    const joined = [...new Set(request.joined ?? [])].slice(0, 10);
    if (joined.length) queries.push({ ...base, q: joined.join(' '), matchingStrategy: 'last', attributesToSearchOn: ['n_name_jn'] });
    const phonetic = [...new Set(request.phonetic ?? [])].slice(0, 10);
    if (phonetic.length) queries.push({ ...base, q: phonetic.join(' '), matchingStrategy: 'frequency', attributesToSearchOn: ['n_name_ph'] });
    if (request.skeletons.length) queries.push({ ...base, q: request.skeletons.slice(0, 10).join(' '), matchingStrategy: 'last', attributesToSearchOn: ['n_name_sk'] });
    if (request.identifiers.length) {
      const f = inList('t_identifier', request.identifiers);
      queries.push({ ...base, q: '', filter: typeFilter ? `${f} AND ${typeFilter}` : f });
    }
    for (const tokens of request.addresses) {
      if (tokens.length) queries.push({ ...base, limit: Math.ceil(request.pool / 2), q: tokens.slice(0, 10).join(' '), matchingStrategy: 'last', attributesToSearchOn: ['n_address'] });
    }
    if (queries.length === 0) return [];
    const results = await this.client.multiSearch(queries);
    const seen = new Set<string>();
    const out: Candidate[] = [];
    for (const result of results) {
      for (const h of result.hits) {
        const id = h.id as string;
        if (seen.has(id)) continue;
        seen.add(id);
        const e = h.entity as Props;
        const values = (h.values ?? {}) as Record<string, string[]>;
        let identifiers: { type: string; value: string }[] = [];
        try {
          identifiers = typeof e.identifiers === 'string' ? JSON.parse(e.identifiers) : [];
        } catch {
          identifiers = [];
        }
        out.push({
          id, props: e, names: values.name ?? [String(e.label ?? id)], identifiers,
          datesOfBirth: values.date_of_birth ?? [], countries: (e.countries as string[]) ?? [],
          addresses: (e.addresses as string[]) ?? [], sources: (h.f_source as string[]) ?? [],
        });
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- writes (sync job, reindex)

  /** `uid`: another entity index than the live one (a reindex's new index). */
  async upsertEntities(docs: EntityDocument[], uid = this.entityUid): Promise<void> {
    if (docs.length === 0) return;
    await this.setup();
    await this.client.addDocuments(uid, docs);
  }

  async deleteEntities(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.setup();
    await this.client.deleteDocuments(this.entityUid, ids.map(documentKey));
  }

  async upsertRecords(docs: RecordDocument[], uid = this.recordUid): Promise<void> {
    if (docs.length === 0) return;
    await this.setup();
    await this.client.addDocuments(uid, docs);
  }

  /** The uids a reindex builds before they are swapped with the live ones. */
  nextUids(): { entities: string; records: string } {
    return { entities: `${this.entityUid}-next`, records: `${this.recordUid}-next` };
  }

  /**
   * Builds new indexes with `fill` (given their uids), swaps them with the live ones in one
   * Meilisearch task and drops the old ones, so searches answer from a whole index throughout.
   */
  async rebuild(fill: (uids: { entities: string; records: string }) => Promise<void>): Promise<void> {
    await this.setup();
    const next = this.nextUids();
    // A reindex that died leaves its half-built indexes: start them afresh.
    for (const uid of [next.entities, next.records]) await this.client.deleteIndex(uid);
    await this.setupIndexes(next.entities, next.records);
    await fill(next);
    await this.client.swapIndexes([[this.entityUid, next.entities], [this.recordUid, next.records]]);
    for (const uid of [next.entities, next.records]) await this.client.deleteIndex(uid);
  }

  /** Removes every document (full reindex starts clean). */
  async clear(): Promise<void> {
    await this.setup();
    await this.client.deleteAllDocuments(this.entityUid);
    await this.client.deleteAllDocuments(this.recordUid);
  }

  reachable(): Promise<boolean> {
    return this.client.healthy();
  }

  /** Drops both indexes (tests clean up their own prefix). */
  async drop(): Promise<void> {
    await this.client.deleteIndex(this.entityUid);
    await this.client.deleteIndex(this.recordUid);
    this.ready = undefined;
  }

  async close(): Promise<void> {
    // HTTP client: nothing to release.
  }
}
