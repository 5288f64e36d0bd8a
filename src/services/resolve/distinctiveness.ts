/**
 * How distinctive a name word is in this graph: the share of entities whose names carry it,
 * read from the full-text index (SearchIndex.nameWordCounts) and remembered for a while. A
 * word that many entities carry ("business", "trading", "international" in a graph of
 * companies) weighs little in a company-name score (./nameScore.ts), so two different parties
 * whose names share generic words and differ in one short distinctive word do not score as one.
 *
 * Counting is capped at the share that makes a word generic (GENERIC_SHARE of the graph), so
 * a count costs at most that many index hits; counts are kept COUNT_TTL_MS per word, so a
 * graph that grows is read again within minutes and repeated screenings cost nothing.
 */
import type { SearchIndex } from '../../search/port';

/** A word carried by this share of the entities or more is generic (weight GENERIC_WEIGHT). */
export const GENERIC_SHARE = 0.004;
/** A word carried by this share or more is common (weight COMMON_WEIGHT). */
export const COMMON_SHARE = 0.001;
export const GENERIC_WEIGHT = 0.3;
export const COMMON_WEIGHT = 0.6;
/** Below this many entities shares say little (a sample graph): every word weighs 1. */
export const MIN_ENTITIES = 2000;
const COUNT_TTL_MS = 10 * 60_000;
const MAX_WORDS = 50_000;

interface Count { n: number; total: number; at: number }

/** Remembered counts of one index. */
class WordCounts {
  private readonly counts = new Map<string, Count>();
  constructor(private readonly index: SearchIndex) {}

  /** The weight function of these words (1 for words not asked); counts missing or stale are read in one exchange. */
  async weigher(words: string[]): Promise<(word: string) => number> {
    const now = Date.now();
    const missing = [...new Set(words)].filter((w) => { const c = this.counts.get(w); return !c || now - c.at > COUNT_TTL_MS; });
    if (missing.length && this.index.nameWordCounts) {
      const total = this.total();
      const cap = Math.max(50, Math.ceil(Math.max(total, MIN_ENTITIES) * GENERIC_SHARE) + 1);
      const read = await this.index.nameWordCounts(missing, cap);
      if (this.counts.size + missing.length > MAX_WORDS) this.counts.clear();
      for (const w of missing) this.counts.set(w, { n: read.counts.get(w) ?? 0, total: read.total, at: now });
    }
    return (word) => {
      const c = this.counts.get(word);
      return c ? weightOf(c.n, c.total) : 1;
    };
  }

  /** The graph's size as last read (0 before the first read). */
  private total(): number {
    for (const c of this.counts.values()) return c.total;
    return 0;
  }
}

/** Weight of a word carried by `n` of `total` entities. */
export function weightOf(n: number, total: number): number {
  if (total < MIN_ENTITIES) return 1;
  const share = n / total;
  return share >= GENERIC_SHARE ? GENERIC_WEIGHT : share >= COMMON_SHARE ? COMMON_WEIGHT : 1;
}

const perIndex = new WeakMap<SearchIndex, WordCounts>();

/**
 * The distinctiveness of the given words in the index's graph, as a weight function; every
 * word weighs 1 when the index cannot count (Meilisearch) or the count fails (a screening is
 * never refused for it).
 */
export async function distinctiveness(index: SearchIndex, words: string[]): Promise<(word: string) => number> {
  if (!index.nameWordCounts || !words.length) return () => 1;
  let counts = perIndex.get(index);
  if (!counts) perIndex.set(index, (counts = new WordCounts(index)));
  try {
    return await counts.weigher(words);
  } catch {
    return () => 1;
  }
}
