/**
 * Romanised Korean names: a family name, then a given name of syllables (Kim Yong-chol,
 * Kim Yong Chol, Kim Yongchol). Each syllable of a given name is a word of its own, so two
 * given names one vowel or final consonant apart are two names (Yong-chol / Yong-chun), while
 * the romanisation systems spell one syllable several ways (McCune-Reischauer, Revised,
 * the spellings of passports and lists: 명 = myeong / myong / myung, 박 = bak / pak / bag).
 * `koreanKey` folds exactly those spellings together and nothing else.
 */

/** Family names as romanised (both systems and the common spellings of passports and lists). */
const SURNAMES: ReadonlySet<string> = new Set([
  'kim', 'gim', 'lee', 'yi', 'rhee', 'ri', 'park', 'pak', 'bak', 'choi', 'choe', 'jung', 'jeong', 'chung', 'chong', 'jong', 'kang', 'gang', 'cho', 'jo',
  'yoon', 'yun', 'jang', 'chang', 'lim', 'im', 'rim', 'han', 'oh', 'o', 'shin', 'sin', 'seo', 'suh', 'kwon', 'gwon', 'hwang', 'ahn', 'an', 'song', 'jeon',
  'chon', 'hong', 'ko', 'go', 'moon', 'mun', 'yang', 'son', 'bae', 'pae', 'baek', 'paek', 'heo', 'hur', 'nam', 'noh', 'ryu', 'yoo', 'kwak', 'gwak',
  'sung', 'seong', 'cha', 'joo', 'ju', 'woo', 'min', 'ku', 'koo', 'goo', 'jin', 'chin', 'yeom', 'byun', 'byeon', 'pyon', 'won', 'bang', 'pang', 'ham',
]);

/** One romanised syllable: an initial consonant, a vowel, a final consonant (ng, n, m, l, k, p, t and their other spellings). */
const SYLLABLE = '(?:tch|kk|tt|pp|ss|jj|ch|th|kh|ph|sh|[gkndtrlmbpsjhcw])?(?:yeo|yae|wae|weo|eo|eu|ae|oe|ui|wi|wa|wo|we|ya|yo|yu|ye|oo|ou|ee|ai|oi|a|e|i|o|u)(?:ng|[kgtdlmnpbr])?';
const GIVEN_NAME = new RegExp(`^(?:${SYLLABLE}){1,3}$`);

/**
 * The given name written as one in a spelling-free form: the vowels ŏ, ŭ (eo, eu, o, u, ou,
 * oo) as one, ae/e and oe/oi as one, and each consonant's voiced, aspirated and tense
 * spellings (g/k/kh/kk, d/t/th, b/p/ph, j/ch, s/sh, r/l) as one.
 */
export function koreanKey(given: string): string {
  return given
    .replace(/oi/g, 'oe')
    .replace(/eo|eu|ou|oo|u/g, 'o')
    .replace(/ae|ai|ay/g, 'e')
    .replace(/ee/g, 'i')
    .replace(/tch|ch|jj|j|kk|kh|k|g|q|tt|th|t|d|pp|ph|p|b|f|ss|sh|s|r|l/g, (c) => (
      /^(tch|ch|jj|j)$/.test(c) ? 'c' : /^(kk|kh|k|g|q)$/.test(c) ? 'k' : /^(tt|th|t|d)$/.test(c) ? 't' : /^(pp|ph|p|b|f)$/.test(c) ? 'p' : /^(ss|sh|s)$/.test(c) ? 's' : 'l'))
    .replace(/(.)\1+/g, '$1');
}

export interface KoreanName { surname: string; given: string[] }

/** A name's core words read as a Korean name (family name first or last, then one to three syllables of given name), or undefined. */
export function koreanName(core: string[]): KoreanName | undefined {
  return koreanReadings(core)[0];
}

/** Every reading of a name as a Korean name: family name first, then last (Jin Hyok Pak reads both ways). */
function koreanReadings(core: string[]): KoreanName[] {
  if (core.length < 2 || core.length > 4) return [];
  const read = (surname: string, given: string[]): KoreanName | undefined =>
    SURNAMES.has(surname) && given.length && GIVEN_NAME.test(given.join('')) ? { surname, given } : undefined;
  return [read(core[0], core.slice(1)), read(core[core.length - 1], core.slice(0, -1))].filter((r): r is KoreanName => r !== undefined);
}

/** A family name's key: Park as Pak (an r English spelling adds). */
const surnameKey = (s: string): string => koreanKey(s.replace(/r(?=k$)/, ''));

/**
 * Two names read as Korean names: whether their given names fold to one key ('same') or not
 * ('different'), and whether their family names do. Undefined when either is no Korean name,
 * or when both write the given name as one word (Yongchol: no syllables to tell it by).
 */
export function compareKorean(a: string[], b: string[]): { given: 'same' | 'different'; surname: boolean } | undefined {
  let best: { given: 'same' | 'different'; surname: boolean } | undefined;
  // Of the readings of each name, the pair that agrees most: one family name first, the given names next.
  for (const ka of koreanReadings(a)) {
    for (const kb of koreanReadings(b)) {
      if (ka.given.length < 2 && kb.given.length < 2) continue;
      const read = { given: koreanKey(ka.given.join('')) === koreanKey(kb.given.join('')) ? 'same' as const : 'different' as const, surname: surnameKey(ka.surname) === surnameKey(kb.surname) };
      const rank = (r: typeof read) => (r.surname ? 2 : 0) + (r.given === 'same' ? 1 : 0);
      if (!best || rank(read) > rank(best)) best = read;
    }
  }
  return best;
}
