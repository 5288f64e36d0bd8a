/**
 * East Slavic names in Latin letters. One person on a list is often written in the Russian
 * romanisation and in the Belarusian or Ukrainian one (Aleksandr / Aliaksandr, Vladimir /
 * Uladzimir, Dmitry / Dzmitry, Igor / Ihar, Grigorievich / Hryhoryavich, Naumov / Naumau,
 * Lukashenko / Lukashenka): the consonants agree once the letters the systems write
 * differently are folded, and the vowels differ freely (Russian unstressed o is written a in
 * Belarusian). `slavicKey` folds them; `slavicSpellings` compares two words. The key drops
 * vowels, so it is asked only within a name that reads as East Slavic (`slavicContext`).
 */
import { memoized } from '../../domain/memo';

/**
 * The transliteration key of a folded word: digraphs to one letter each (shch, zh, ch, sh, kh,
 * ts; Belarusian ts before i for Russian t, Stsiapan / Stepan), the h that Belarusian and
 * Ukrainian write for Russian g, dz for d, w for v, x for ks, the short u (ў) after a, e or o
 * and a first u before a consonant as v, j and y as vowels; then vowels out (a first vowel
 * kept as `a`) and doubled letters once.
 */
export const slavicKey: (word: string) => string = memoized((word) => {
  const w = slavicLetters(word);
  const first = /^[aeiou]/.test(w) ? 'a' : '';
  return (first + w.replace(/[aeiou]+/g, '')).replace(/(.)\1+/g, '$1');
}, 50_000);

/** The word with digraphs folded and u, j, y read as the systems read them; vowels still in. */
const slavicLetters = (word: string): string =>
  word.replace(/x/g, 'ks').replace(/s?shch|sch/g, 'Q').replace(/zh/g, 'Z').replace(/t?ch/g, 'C').replace(/sh/g, 'S').replace(/kh/g, 'X')
    .replace(/ts(?=[iyj])/g, 't').replace(/t[sz]/g, 'c').replace(/h/g, 'g').replace(/dz/g, 'd').replace(/w/g, 'v').replace(/[jy]/g, 'i')
    .replace(/(?<=[aeo])u(?![aeiou])/g, 'v').replace(/^u(?=[^aeiou])/, 'v').replace(/(.)\1+/g, '$1');

/** Vowel groups of a word once its letters are read as `slavicKey` reads them: Petrov has two, Petrova three. */
const vowelGroups = (word: string): number => slavicLetters(word).match(/[aeiou]+/g)?.length ?? 0;

const PATRONYMIC = /(?:vich|vych|vna|una|ichna)$/;
const SURNAME = /(?:enko|enka|ov|ova|ev|eva|au|ski|sky|skiy|skii|skaya|skaia|uk|iuk|yuk|chuk)$/;

/**
 * Whether a name's words read as East Slavic: a patronymic (-ovich, -evna, Belarusian -auna),
 * or a family name of the usual endings (-enko, -ov, -ev, -au, -sky, -uk), of five letters or more.
 */
export const slavicContext = (tokens: readonly string[]): boolean =>
  tokens.some((t) => t.length >= 5 && /^[a-z]+$/.test(t) && (PATRONYMIC.test(t) || SURNAME.test(t)));

/**
 * Whether two words of names that read as East Slavic are one word in two romanisations: their
 * keys agree with two consonants at least, as many vowel groups (Petrov / Petrova are two names;
 * one more or fewer in words of eight letters and more),
 * lengths within three letters; and a short word ending in a (a feminine given name) only with
 * one that does too (Oleg / Olga, Ivan / Ivana are two names).
 */
export function slavicSpellings(a: string, b: string): boolean {
  if (Math.min(a.length, b.length) < 3 || Math.abs(a.length - b.length) > 3) return false;
  if (!/^[a-z]+$/.test(a) || !/^[a-z]+$/.test(b)) return false;
  // Long words may differ by one vowel group (Alexander / Aliaksandr); short ones may not.
  const groups = Math.abs(vowelGroups(a) - vowelGroups(b));
  if (groups > (Math.min(a.length, b.length) >= 8 ? 1 : 0)) return false;
  if (Math.min(a.length, b.length) <= 6 && a.endsWith('a') !== b.endsWith('a')) return false;
  const ka = slavicKey(a);
  return ka === slavicKey(b) && ka.replace(/^a/, '').length >= 2;
}
