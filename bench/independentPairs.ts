/**
 * The independent labelled name pairs (bench/data/independent-pairs, README there): aliases and
 * parties of public sanctions lists, split by listed party into a fitting half and a held-out
 * half. Scoring rules may be tuned on the fitting half; the held-out half only measures them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PairClass, PairType } from './pairClass';

export interface IndependentPair {
  query: string;
  listed: string;
  match: boolean;
  type: PairType;
  class: PairClass;
  /** A non-match whose two names share a naming word. */
  hard: boolean;
  source: string;
  /** The listed party's id on its source list ("ofac-sdn:36", "un:6907993"): one graph entity per id. */
  listedId: string;
  /** The party the query name belongs to (the listed party itself on a match). */
  queryId: string;
  half: 'fit' | 'held-out';
}

export type Half = 'fit' | 'held-out';
export const INDEPENDENT_PAIRS_DIR = path.resolve(__dirname, '..', '..', 'bench', 'data', 'independent-pairs');

/** One half of the independent set, as committed. */
export function independentPairs(half: Half): IndependentPair[] {
  return JSON.parse(fs.readFileSync(path.join(INDEPENDENT_PAIRS_DIR, `${half}.json`), 'utf8')) as IndependentPair[];
}
