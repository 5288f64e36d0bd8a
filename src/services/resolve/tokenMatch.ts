/** Similarity of two name words and how it was found (the per-word explanation of a name score). */
import { allowedEdits, editDistance, skeleton } from '../../domain/names';
import { abjadAgrees, consonantKey, isNickname, lacksVowels, phoneticKey } from '../../search/analysis';
import { abdKey, arabicSpellings, isArabicName } from '../../search/analysis/arabic';
import { withoutParticles } from '../../search/analysis/particles';

/** How two tokens were found alike (the per-token explanation of a name score). */
export type TokenHow = 'exact' | 'initial' | 'nickname' | 'spelling' | 'phonetic' | 'consonants' | 'edit' | 'joined' | 'none'
  | 'particle' | 'transliteration' | 'romanisation' | 'abbreviation' | 'number' | 'connector' | 'middle-name-missing' | 'translation' | 'other-kind';

/**
 * Similarity of two tokens in 0..1 and how it was found (0 when they are not close enough
 * under the fuzziness). `abjadA` / `abjadB`: the consonant keys of a token written in Arabic
 * or Hebrew script, compared with the other token's Latin key.
 */
export function tokenMatch(a: string, b: string, fuzziness: number, abjadA?: string[], abjadB?: string[], glued?: [boolean, boolean]): { s: number; how: TokenHow } {
  if (a === b) return { s: 1, how: 'exact' };
  if (fuzziness > 0 && (abjadA || abjadB)) {
    // Both in the script: a shared key of one consonant is too weak unless both words are short (علي / ليلى share only l).
    const agree = abjadA && abjadB ? abjadA.some((k) => abjadB.includes(k) && (k.length >= 2 || Math.max(a.length, b.length) <= 3))
      : abjadA ? abjadAgrees(abjadA, b) : abjadAgrees(abjadB!, a);
    if (agree) return { s: 0.9, how: 'consonants' };
  }
  if (a.length === 1 || b.length === 1) return a[0] === b[0] && !/\d/.test(a + b) ? { s: 0.7, how: 'initial' } : { s: 0, how: 'none' };
  const particle = particleMatch(a, b, fuzziness, glued);
  if (particle) return particle;
  // Arabic given names in two transliterations (Mohammed / Muhammad, Youssef / Yusuf, Abdurrahman / Abdulrahman).
  if (fuzziness > 0 && a.length >= 3 && b.length >= 3 && abdKey(a) === abdKey(b)) return { s: 0.97, how: 'particle' };
  if (fuzziness > 0 && (isArabicName(a) || isArabicName(b)) && arabicSpellings(a, b)) return { s: 0.93, how: 'transliteration' };
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

/**
 * Words alike once the particles they start with are left out (Vanderberg / Berg, Alhassan /
 * Hassan, van den Berg / van der Berg): 0.95 when the bare words are equal, a little under
 * their own similarity when they are alike; undefined when neither starts with a particle.
 * `glued`: whether each word was written with its particle apart (Al Zahar), so the article
 * may go before any word, not only before a known Arabic name.
 */
function particleMatch(a: string, b: string, fuzziness: number, glued?: [boolean, boolean]): { s: number; how: TokenHow } | undefined {
  const pa = withoutParticles(a, isArabicName, glued?.[0]);
  const pb = withoutParticles(b, isArabicName, glued?.[1]);
  if (pa === undefined && pb === undefined) return undefined;
  const x = pa ?? a;
  const y = pb ?? b;
  if (x === y) return { s: 0.95, how: 'particle' };
  if (fuzziness <= 0 || Math.min(x.length, y.length) < 4) return undefined;
  // The bare words compared as any two words are (Al-Sugair / Sughayr), a little under.
  const m = tokenMatch(x, y, fuzziness);
  if (m.s < 0.8) return undefined;
  // The words as written may be nearer still (Al Qa'ida / Al Qaeda: one edit in seven letters).
  const allowed = allowedEdits(Math.max(a.length, b.length), fuzziness);
  const d = editDistance(a, b, allowed);
  const direct = d <= allowed ? 1 - (0.6 * d) / Math.max(a.length, b.length) : 0;
  return direct > m.s * 0.95 ? { s: direct, how: 'edit' } : { s: Math.min(0.9, m.s * 0.95), how: 'particle' };
}

