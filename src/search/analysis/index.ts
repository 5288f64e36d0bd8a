/**
 * The name-analysis pipeline, one for indexing and for queries, for both search adapters and
 * the resolve scorer:
 *   1. src/domain/names.ts `analyze`: words split on spaces, punctuation, hyphens and
 *      apostrophes; each transliterated (./scripts.ts), folded and lower-cased; legal forms
 *      (src/domain/legalForms.ts) reduced to one canonical token;
 *   2. `nameCore`: legal forms and titles (./titles.ts) removed, the words that identify;
 *   3. keys for retrieval: the joined form (IvanPetrov = Ivan Petrov = Ivan-Petrov), phonetic
 *      keys (./phonetic.ts), and the formal names of nicknames (./nicknames.ts).
 */
import { COMPANY_FORM_TOKENS, analyze } from '../../domain/names';
import { phoneticKey } from './phonetic';
import { withoutTitles } from './titles';

export { transliterateWord } from './scripts';
export { isNickname, relatedNames } from './nicknames';
export { consonantKey, lacksVowels, phoneticKey } from './phonetic';
export { TITLES, withoutTitles } from './titles';

export interface AnalysedName {
  /** Identifying words: no legal form, no title (all words when nothing else is left). */
  core: string[];
  /** Canonical legal forms the name carries. */
  forms: string[];
}

export function nameCore(name: string): AnalysedName {
  const all = analyze(name);
  const forms = all.filter((t) => t.form).map((t) => t.text);
  // A canonical form inside a name (Acme Ltd Trading) is dropped too, unless it is a short
  // word that only counts as a form at the edges (Priya Oy Elaran).
  const words = all.filter((t) => !t.form && !(COMPANY_FORM_TOKENS.has(t.text) && t.text.length > 2)).map((t) => t.text);
  return { core: words.length ? withoutTitles(words) : all.map((t) => t.text), forms };
}

/** The core words written as one: the key that finds joined and split spellings. */
export const joinedKey = (core: string[]): string => core.join('');

/** Distinct phonetic keys of the core words. */
export const phoneticKeys = (core: string[]): string[] => [...new Set(core.map(phoneticKey).filter(Boolean))];

const ROMAN = new Set(['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv', 'xx']);

/**
 * The numbers of a name: digit words, and Roman numerals after the first word (Fund II);
 * a single-letter numeral (i, v, x) only when it ends the name, where it is no initial.
 */
export function numberTokens(core: string[], singleLetters = true): string[] {
  return core.filter((t, k) => /^\d+$/.test(t) || (k > 0 && ROMAN.has(t) && (t.length > 1 || (singleLetters && k === core.length - 1))));
}

/**
 * Whether two names' numbers agree: undefined when neither has one. A final I, V or X counts
 * as a number only when the other name has a number as well (Fund I / Fund II), since
 * "Yilmaz, V." ends in an initial.
 */
export function numbersAgree(a: string[], b: string[]): 'same' | 'different' | undefined {
  const strictA = numberTokens(a, false);
  const strictB = numberTokens(b, false);
  const looseA = numberTokens(a);
  const looseB = numberTokens(b);
  const singles = strictA.length + strictB.length > 0 || (looseA.length > 0 && looseB.length > 0);
  const na = singles ? looseA : strictA;
  const nb = singles ? looseB : strictB;
  if (!na.length && !nb.length) return undefined;
  return na.length === nb.length && na.every((n) => nb.includes(n)) ? 'same' : 'different';
}
