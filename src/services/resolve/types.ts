/** Types and constants shared by the resolve use case's files. */
import type { Candidate } from '../../search/port';
import type { TokenExplanation } from './nameScore';

/**
 * The strong tier (best_match): chosen on the fitting half of the independent name pairs
 * (bench/data/independent-pairs/fit.json), where the first candidate at 0.5 and over is the
 * right party 96.9 % of the time; below it precision falls and little recall is gained.
 */
export const BEST_MATCH_THRESHOLD = 0.5;
/** Candidates scoring below this are not listed at all. */
export const LIST_FLOOR = 0.1;
export const CENTER = 1.25;
export const DEFAULT_POOL = 50;

export type ResolveField = 'name' | 'identifier' | 'country' | 'address' | 'dob';

export interface ResolveParams {
  name: string[];
  identifier: string[];
  country: string[];
  address: string[];
  dob: string[];
  types?: string[];
  fuzziness: Partial<Record<ResolveField, number>>;
  strict: boolean;
  limit: number;
  offset?: number;
  /** Candidates read from the index (default 50). */
  pool?: number;
  /** Minimum score of listed matches (0..1). */
  minScore?: number;
  /** Minimum name similarity (0..1) of listed matches. */
  minNameSimilarity?: number;
}

export interface FieldExplanation {
  matched?: string;
  uploaded: string;
  similarity: number;
  points: number;
  match_quality: 'exact' | 'high' | 'medium' | 'low' | 'conflict' | 'none';
  n_common_term_matches?: number;
  n_uncommon_term_matches?: number;
  /** Names: whether the company forms agree (Ltd / Limited are the same form). */
  company_form?: 'same' | 'different';
  /** Names: each query word, the candidate word it was paired with, and how they agree. */
  tokens?: TokenExplanation[];
  /** Names: the rules that read the two names as they were compared (list-order, particle, middle-name-missing, legal-form, ...). */
  rules?: string[];
  /** Names: whether the numbers in the two names (Fund II, Vessel 7) agree. */
  numbers?: 'same' | 'different';
}

export interface Scored {
  candidate: Candidate;
  score: number;
  points: number;
  explanation: Partial<Record<ResolveField, FieldExplanation>>;
  nameSimilarity?: number;
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
export const round = (x: number, d = 3): number => Math.round(x * 10 ** d) / 10 ** d;
