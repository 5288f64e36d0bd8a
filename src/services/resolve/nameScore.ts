/** Name similarity of the resolve use case: token alignment of two names, order-insensitive. */
import { WEAK_COMPANY_WORDS, allowedEdits, editDistance, skeleton } from '../../domain/names';
import { abjadAgrees, compareKorean, consonantKey, isNickname, lacksVowels, latinConsonantKey, nameCore, numbersAgree, phoneticKey } from '../../search/analysis';


/** Name words, their weights, and per word the consonant keys of an Arabic- or Hebrew-script original (src/search/analysis/abjad.ts). */
export interface NameTokens { tokens: string[]; weights: number[]; abjad: (string[] | undefined)[] }

/** Name tokens for comparison: legal forms and titles dropped (unless nothing else is left), weak words weighted down. */
export function nameTokens(name: string): NameTokens {
  const { core: tokens, abjad } = nameCore(name);
  const weights = tokens.map((t) => (WEAK_COMPANY_WORDS.has(t) ? 0.3 : t.length === 1 ? 0.5 : 1));
  return { tokens, weights, abjad };
}

/** How two tokens were found alike (the per-token explanation of a name score). */
export type TokenHow = 'exact' | 'initial' | 'nickname' | 'spelling' | 'phonetic' | 'consonants' | 'edit' | 'joined' | 'none';

/**
 * Similarity of two tokens in 0..1 and how it was found (0 when they are not close enough
 * under the fuzziness). `abjadA` / `abjadB`: the consonant keys of a token written in Arabic
 * or Hebrew script, compared with the other token's Latin key.
 */
export function tokenMatch(a: string, b: string, fuzziness: number, abjadA?: string[], abjadB?: string[]): { s: number; how: TokenHow } {
  if (a === b) return { s: 1, how: 'exact' };
  if (fuzziness > 0 && (abjadA || abjadB)) {
    // Both in the script: a shared key of one consonant is too weak unless both words are short (علي / ليلى share only l).
    const agree = abjadA && abjadB ? abjadA.some((k) => abjadB.includes(k) && (k.length >= 2 || Math.max(a.length, b.length) <= 3))
      : abjadA ? abjadAgrees(abjadA, b) : abjadAgrees(abjadB!, a);
    if (agree) return { s: 0.9, how: 'consonants' };
  }
  if (a.length === 1 || b.length === 1) return a[0] === b[0] && !/\d/.test(a + b) ? { s: 0.7, how: 'initial' } : { s: 0, how: 'none' };
  if (/^\d+$/.test(a) || /^\d+$/.test(b)) return { s: 0, how: 'none' }; // numbers are equal or different
  if (fuzziness > 0 && isNickname(a, b)) return { s: 0.9, how: 'nickname' };
  if (skeleton(a) === skeleton(b)) return { s: 0.95, how: 'spelling' };
  const len = Math.max(a.length, b.length);
  const allowed = allowedEdits(len, fuzziness);
  if (allowed === 0) return { s: 0, how: 'none' };
  const d = editDistance(a, b, allowed);
  if (d <= allowed) return { s: Math.max(0, 1 - (0.6 * d) / len), how: 'edit' };
  // A transliteration from Arabic or Hebrew keeps consonants only (mhmd): compare consonants.
  if ((lacksVowels(a) || lacksVowels(b)) && consonantKey(a).length >= 2 && consonantKey(a) === consonantKey(b)) return { s: 0.88, how: 'consonants' };
  const ds = editDistance(skeleton(a), skeleton(b), allowed);
  if (ds <= allowed) return { s: Math.max(0, 0.93 - (0.6 * ds) / len), how: 'spelling' };
  // Double Metaphone's first sound stands for the first letter: a soft g is j (Geoffrey / Jeffrey), q is k (Qadhafi / Gaddafi).
  // A code of four letters may be cut short (Vectorstar / Vectorbridge): then the words must also be within three edits.
  const code = phoneticKey(a);
  if (Math.min(a.length, b.length) >= 4 && Math.abs(a.length - b.length) <= 2 && sameOnset(a, b) && code === phoneticKey(b) && code.length >= 3
    && (code.length < 4 || editDistance(a, b, 3) <= 3)) return { s: 0.85, how: 'phonetic' };
  return { s: 0, how: 'none' };
}

/** Letters a name may start with for one sound: g before e/i/y and j; c, k, q and a hard g. */
const ONSET = (t: string): string => (/^g[eiy]/.test(t) || t[0] === 'j' ? 'j' : /^[ckq]/.test(t) || (t[0] === 'g' && !/^g[eiy]/.test(t)) ? 'k' : t[0]);
/**
 * The same first letter, or first letters of one sound with the rest within one edit (Double
 * Metaphone codes are cut at four letters, so Greenwick and Crownwick share one).
 */
const sameOnset = (a: string, b: string): boolean => a[0] === b[0] || (ONSET(a) === ONSET(b) && editDistance(a.slice(1), b.slice(1), 1) <= 1);

/** Similarity of two tokens in 0..1 (0 when they are not close enough under the fuzziness). */
export const tokenSimilarity = (a: string, b: string, fuzziness: number): number => tokenMatch(a, b, fuzziness).s;

/** One query token's part in a name score: the candidate token it was paired with and how. */
export interface TokenExplanation { uploaded: string; matched: string | null; similarity: number; how: TokenHow; weight: number }

/**
 * Words split in one name and written as one in the other ("Fis cher" / "Fischer", "Oy-elaran"
 * / "Oyelaran", "Qa'ida" / "Qaeda"): two adjacent words of one side become one when together
 * they are within the allowed edits of a word of the other side that neither matches exactly.
 */
export function mergeSplitWords(q: NameTokens, c: NameTokens, fuzziness: number): [NameTokens, NameTokens] {
  const merge = (a: NameTokens, b: NameTokens): NameTokens => {
    const tokens = [...a.tokens];
    const weights = [...a.weights];
    const abjad = [...a.abjad];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const joined = tokens[i] + tokens[i + 1];
      if (joined.length < 4 || b.tokens.includes(tokens[i]) || b.tokens.includes(tokens[i + 1])) continue;
      const allowed = Math.min(allowedEdits(joined.length, fuzziness), 1);
      // Two words of Arabic or Hebrew script (عبد الله) merge when their keys read as one word of the other side (Abdullah).
      const keys = abjad[i] && abjad[i + 1] ? abjad[i]!.flatMap((x) => abjad[i + 1]!.map((y) => (x + y).replace(/(.)\1+/g, '$1'))) : undefined;
      const merges = b.tokens.some((t, k) => t.length >= 4 && (editDistance(joined, t, allowed) <= allowed
        || (keys !== undefined && fuzziness > 0 && !b.abjad[k] && latinConsonantKey(t).length >= 3 && keys.includes(latinConsonantKey(t)))));
      if (merges) {
        tokens.splice(i, 2, joined);
        weights.splice(i, 2, Math.max(weights[i], weights[i + 1]));
        abjad.splice(i, 2, keys);
      }
    }
    return { tokens, weights, abjad };
  };
  const q2 = merge(q, c);
  return [q2, merge(c, q2)];
}

export interface NameMatch { similarity: number; common: number; fuzzy: number; tokens: TokenExplanation[]; numbers?: 'same' | 'different' }

/**
 * Order-insensitive similarity of a query name and a candidate name: each query token is
 * paired with its best unused candidate token; query coverage counts 80 %, candidate
 * coverage 20 % (extra middle names cost little). Then:
 *   - a distinctive word on each side left unpaired (John / James Smith) caps it at 0.75;
 *   - one paired word of a longer name is weak evidence (capped at 0.75);
 *   - the names written as one word ("IvanPetrov" / "Ivan Petrov", "Al Qa'ida" / "Al Qaeda")
 *     may lift it;
 *   - different numbers (Fund I / Fund II, Vessel 7 / Vessel 8) cap it at 0.5 whatever else agrees;
 *   - Korean names (src/search/analysis/korean.ts) of one family name are one name when their
 *     given names fold to one key (Lee Myung-bak / Lee Myong Bag), and two when they do not
 *     (Kim Yong-chol / Kim Yong-chun, capped as a different given name); with fuzziness 0
 *     only the cap applies.
 */
export function nameSimilarity(query: string, candidate: string, fuzziness: number): NameMatch {
  const q0 = nameTokens(query);
  const c0 = nameTokens(candidate);
  const korean = compareKorean(q0.tokens, c0.tokens);
  const [q, c] = mergeSplitWords(q0, c0, fuzziness);
  if (q.tokens.length === 0 || c.tokens.length === 0) return { similarity: 0, common: 0, fuzzy: 0, tokens: [] };
  const pairs: { i: number; j: number; s: number; how: TokenHow }[] = [];
  for (let i = 0; i < q.tokens.length; i++) {
    for (let j = 0; j < c.tokens.length; j++) {
      const m = tokenMatch(q.tokens[i], c.tokens[j], fuzziness, q.abjad[i], c.abjad[j]);
      if (m.s > 0) pairs.push({ i, j, ...m });
    }
  }
  pairs.sort((x, y) => y.s - x.s);
  const qs = new Array<number>(q.tokens.length).fill(0);
  const cs = new Array<number>(c.tokens.length).fill(0);
  const tokens: TokenExplanation[] = q.tokens.map((t, k) => ({ uploaded: t, matched: null, similarity: 0, how: 'none', weight: q.weights[k] }));
  const usedQ = new Set<number>();
  const usedC = new Set<number>();
  for (const p of pairs) {
    if (usedQ.has(p.i) || usedC.has(p.j)) continue;
    usedQ.add(p.i);
    usedC.add(p.j);
    qs[p.i] = p.s;
    cs[p.j] = p.s;
    tokens[p.i] = { ...tokens[p.i], matched: c.tokens[p.j], similarity: Math.round(p.s * 1000) / 1000, how: p.how };
  }
  const cover = (sims: number[], w: number[]) => sims.reduce((s, x, k) => s + x * w[k], 0) / w.reduce((s, x) => s + x, 0);
  let similarity = 0.8 * cover(qs, q.weights) + 0.2 * cover(cs, c.weights);
  const common = qs.filter((s) => s === 1).length;
  const fuzzy = qs.filter((s) => s > 0 && s < 1).length;
  const unpaired = (sims: number[], toks: string[]) => sims.some((s, k) => s === 0 && toks[k].length > 1);
  if (unpaired(qs, q.tokens) && unpaired(cs, c.tokens)) similarity = Math.min(similarity, 0.75);
  // One matched word of a longer name is weak evidence (an initial counts for its word).
  const strongMatched = qs.filter((s, k) => s >= 0.7 && q.weights[k] >= 0.5).length;
  const strong = (w: number[]) => w.filter((x) => x >= 0.5).length;
  if (strongMatched <= 1 && Math.max(strong(q.weights), strong(c.weights)) > 1) similarity = Math.min(similarity, 0.75);
  const qJoined = q.tokens.join('');
  const cJoined = c.tokens.join('');
  if (q.tokens.length !== c.tokens.length && Math.min(qJoined.length, cJoined.length) >= 6) {
    const allowed = Math.min(allowedEdits(Math.max(qJoined.length, cJoined.length), fuzziness), 2);
    const d = editDistance(qJoined, cJoined, allowed);
    if (d <= allowed && 0.97 - (0.6 * d) / cJoined.length > similarity) {
      similarity = 0.97 - (0.6 * d) / cJoined.length;
      for (const t of tokens) if (t.how === 'none') t.how = 'joined';
    }
  }
  if (korean?.given === 'different') similarity = Math.min(similarity, 0.75);
  else if (fuzziness > 0 && korean?.surname && similarity < 0.95) {
    similarity = 0.95;
    for (const t of tokens) if (t.how === 'none' || t.how === 'edit') t.how = 'spelling';
  }
  const numbers = numbersAgree(q.tokens, c.tokens);
  if (numbers === 'different') similarity = Math.min(similarity, 0.5);
  return { similarity: Math.min(1, similarity), common, fuzzy, tokens, ...(numbers ? { numbers } : {}) };
}
