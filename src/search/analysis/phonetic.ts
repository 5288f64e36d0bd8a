/**
 * Phonetic keys of name tokens: the primary Double Metaphone code (talisman's implementation),
 * so spellings that sound alike (Mohammed / Muhammad / Mohamad) share a key; and the
 * consonant key of names written in a script without vowels (Arabic, Hebrew), whose
 * transliteration (mhmd) keeps only consonants.
 */
import doubleMetaphone from 'talisman/phonetics/double-metaphone';
import { memoized } from '../../domain/memo';

/** Primary Double Metaphone code of a folded token, lower case; '' for tokens too short to carry one or with digits. */
export const phoneticKey: (token: string) => string = memoized(
  (token) => (token.length < 3 || /\d/.test(token) ? '' : doubleMetaphone(token)[0].toLowerCase()),
  50_000,
);

const VOWELS = /[aeiouyvw]/g;

/** Letters without vowels, semivowels and doubled letters: mhmd, mohammed and muhammad all give mhmd. */
export function consonantKey(token: string): string {
  return token.replace(/(.)\1+/g, '$1').replace(VOWELS, '').replace(/(.)\1+/g, '$1');
}

/** Whether a token looks like a transliteration from a script without vowels (no vowel after its first letter). */
export const lacksVowels = (token: string): boolean => token.length >= 3 && !/[aeiouy]/.test(token.slice(1));
