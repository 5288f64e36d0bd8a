/**
 * The SearchIndex port: what the search and resolve use cases need from a full-text
 * backend. Two adapters implement it and pass the same contract tests:
 * `Neo4jFulltextIndex` (Lucene indexes inside Neo4j, the default) and `MeiliSearchIndex`
 * (when MEILI_URL is set). Both execute the same normalised match tree (./query.ts).
 */
import type { Props } from '../graph/mappers';
import type { IndexField } from './fields';
import type { MatchNode, Target } from './query';

export type { IndexField, MatchNode, Target };

/** Results beyond this are not returned nor counted exactly (`size.qualifier` gte). */
export const MAX_RESULTS = 10_000;

export interface SearchFilters {
  source?: string[];
  country?: string[];
  entity_type?: string[];
}

export interface SearchRequest {
  target: Target;
  query: MatchNode;
  filters: SearchFilters;
  offset: number;
  limit: number;
  facets: boolean;
}

export interface FacetBucket { key: string; doc_count: number }
export type Facets = Record<'country' | 'entity_type' | 'source' | 'source_type' | 'region', FacetBucket[]>;

export interface SearchHit {
  id: string;
  score: number;
  /** Node properties for embeddedEntity / embeddedRecord. */
  props: Props;
  /** Original values per index field, for highlights. */
  values: Partial<Record<IndexField, string[]>>;
}

export interface SearchResult {
  /** Matching documents, counted up to MAX_RESULTS + 1. */
  total: number;
  /** True when `total` is a lower bound (more matches exist than were counted). */
  lowerBound: boolean;
  hits: SearchHit[];
  facets?: Facets;
}

/** Candidate retrieval for resolution: recall-oriented, scored again by the resolve use case. */
export interface CandidateRequest {
  /** Normalised name tokens (one list per queried name). */
  names: string[][];
  /** Skeletons of the name tokens. */
  skeletons: string[];
  /** Each name's identifying words written as one (src/search/analysis joinedKey): finds joined and split spellings. */
  joined?: string[];
  /** Two adjacent name words written as one when one of them is short (Nak amura -> nakamura; src/search/analysis splitPairs). */
  pairs?: string[];
  /** Phonetic keys of the name words (src/search/analysis phoneticKey), and q-prefixed consonant keys of Arabic- and Hebrew-script words. */
  phonetic?: string[];
  /** Other forms of nicknames and short given names in the names (Bill -> william). */
  related?: string[];
  /** Compact identifier values. */
  identifiers: string[];
  /** Normalised address tokens. */
  addresses: string[][];
  /** Dates of birth as tokens (`1950-09-21` -> 1950, 09, 21): candidates born then rank first. */
  datesOfBirth: string[][];
  /** Country codes: candidates of these countries rank first. */
  countries: string[];
  /** Edits allowed per name token (0 = exact). */
  fuzziness: number;
  types?: string[];
  pool: number;
}

export interface Candidate {
  id: string;
  props: Props;
  names: string[];
  identifiers: { type: string; value: string }[];
  datesOfBirth: string[];
  countries: string[];
  addresses: string[];
  sources: string[];
}

export interface SearchIndex {
  readonly backend: 'neo4j' | 'meilisearch';
  search(request: SearchRequest): Promise<SearchResult>;
  candidates(request: CandidateRequest): Promise<Candidate[]>;
  /**
   * The candidates of several requests (each as `candidates` answers it), in one exchange where
   * the backend can; a request the backend refuses answers its error in its place.
   */
  candidatesMany?(requests: CandidateRequest[]): Promise<(Candidate[] | Error)[]>;
  /**
   * How many entities carry each name word (as the index folds it), counted up to `cap` (a
   * count at the cap means at least that many), and how many entities the index holds: the
   * distinctiveness of name words in this graph (src/services/resolve/distinctiveness.ts).
   */
  nameWordCounts?(words: string[], cap: number): Promise<{ total: number; counts: Map<string, number> }>;
  close(): Promise<void>;
}
