/** Name similarity of the resolve use case: token alignment of two names, order-insensitive. */
import { COMPANY_FORM_TOKENS, WEAK_COMPANY_WORDS, allowedEdits, analyze, editDistance, skeleton } from '../../domain/names';


interface NameTokens { tokens: string[]; weights: number[] }

/** Name tokens for comparison: company forms dropped (unless nothing else is left), weak words weighted down. */
export function nameTokens(name: string): NameTokens {
  const all = analyze(name);
  const core = all.filter((t) => !t.form && !COMPANY_FORM_TOKENS.has(t.text));
  const tokens = (core.length ? core : all).map((t) => t.text);
  const weights = tokens.map((t) => (WEAK_COMPANY_WORDS.has(t) ? 0.3 : t.length === 1 ? 0.5 : 1));
  return { tokens, weights };
}

/** Similarity of two tokens in 0..1 (0 when they are not close enough under the fuzziness). */
export function tokenSimilarity(a: string, b: string, fuzziness: number): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? 0.7 : 0; // an initial
  if (skeleton(a) === skeleton(b)) return 0.95;
  const len = Math.max(a.length, b.length);
  const allowed = allowedEdits(len, fuzziness);
  if (allowed === 0) return 0;
  const d = editDistance(a, b, allowed);
  if (d > allowed) {
    const ds = editDistance(skeleton(a), skeleton(b), allowed);
    return ds <= allowed ? Math.max(0, 0.93 - (0.6 * ds) / len) : 0;
  }
  return Math.max(0, 1 - (0.6 * d) / len);
}

/**
 * Order-insensitive similarity of a query name and a candidate name: each query token is
 * paired with its best unused candidate token; query coverage counts 80 %, candidate
 * coverage 20 % (extra middle names cost little). A name written without spaces
 * ("Northwind" / "North Wind") is also compared as one word.
 */
export function nameSimilarity(query: string, candidate: string, fuzziness: number): { similarity: number; common: number; fuzzy: number } {
  const q = nameTokens(query);
  const c = nameTokens(candidate);
  if (q.tokens.length === 0 || c.tokens.length === 0) return { similarity: 0, common: 0, fuzzy: 0 };
  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = 0; i < q.tokens.length; i++) {
    for (let j = 0; j < c.tokens.length; j++) {
      const s = tokenSimilarity(q.tokens[i], c.tokens[j], fuzziness);
      if (s > 0) pairs.push({ i, j, s });
    }
  }
  pairs.sort((x, y) => y.s - x.s);
  const qs = new Array<number>(q.tokens.length).fill(0);
  const cs = new Array<number>(c.tokens.length).fill(0);
  const usedQ = new Set<number>();
  const usedC = new Set<number>();
  for (const p of pairs) {
    if (usedQ.has(p.i) || usedC.has(p.j)) continue;
    usedQ.add(p.i);
    usedC.add(p.j);
    qs[p.i] = p.s;
    cs[p.j] = p.s;
  }
  const cover = (sims: number[], w: number[]) => sims.reduce((s, x, k) => s + x * w[k], 0) / w.reduce((s, x) => s + x, 0);
  let similarity = 0.8 * cover(qs, q.weights) + 0.2 * cover(cs, c.weights);
  const common = qs.filter((s) => s === 1).length;
  const fuzzy = qs.filter((s) => s > 0 && s < 1).length;
  // One matched word of a longer name is weak evidence.
  const strongMatched = qs.filter((s, k) => s >= 0.9 && q.weights[k] === 1).length;
  const strong = (w: number[]) => w.filter((x) => x === 1).length;
  if (strongMatched <= 1 && Math.max(strong(q.weights), strong(c.weights)) > 1) similarity = Math.min(similarity, 0.75);
  const qJoined = q.tokens.join('');
  const cJoined = c.tokens.join('');
  if (q.tokens.length !== c.tokens.length && Math.min(qJoined.length, cJoined.length) >= 6) {
    const allowed = allowedEdits(Math.max(qJoined.length, cJoined.length), fuzziness);
    const d = editDistance(qJoined, cJoined, allowed);
    if (d <= allowed) similarity = Math.max(similarity, 0.97 - (0.6 * d) / cJoined.length);
  }
  return { similarity: Math.min(1, similarity), common, fuzzy };
}
