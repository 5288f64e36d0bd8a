/**
 * The name-analysis pipeline, one for indexing and for queries, for both search adapters and
 * the resolve scorer:
 *   1. src/domain/names.ts `analyze`: words split on spaces, punctuation, hyphens and
 *      apostrophes; each transliterated (./scripts.ts), folded and lower-cased; legal forms
 *      (src/domain/legalForms.ts) reduced to one canonical token;
 *   2. `nameCore`: legal forms and titles (./titles.ts) removed, the words that identify;
 *   3. keys for retrieval: the joined form (IvanPetrov = Ivan Petrov = Ivan-Petrov), phonetic
 *      keys (./phonetic.ts), consonant keys (./abjad.ts: names written in Arabic or Hebrew
 *      script against their Latin spellings), and the formal names of nicknames (./nicknames.ts).
 */
import { memoized } from '../../domain/memo';
import { COMPANY_FORM_TOKENS, Token, analyze } from '../../domain/names';
import { CONSONANT_KEY_PREFIX, abjadKeys, isAbjadWord, latinConsonantKey } from './abjad';
import { phoneticKey } from './phonetic';
import { withoutTitles } from './titles';

export { transliterateWord } from '../../domain/scripts';
export { isNickname, relatedNames } from './nicknames';
export { consonantKey, lacksVowels, phoneticKey } from './phonetic';
export { compareKorean, koreanKey, koreanName } from './korean';
export { CONSONANT_KEY_PREFIX, abjadAgrees, abjadKeys, isAbjadWord, latinConsonantKey } from './abjad';
export { TITLES, withoutTitles } from './titles';

export interface AnalysedName {
  /** Identifying words: no legal form, no title (all words when nothing else is left). */
  core: string[];
  /** Canonical legal forms the name carries. */
  forms: string[];
  /** Per core word, the consonant keys of a word written in Arabic or Hebrew script (./abjad.ts); undefined for other words. */
  abjad: (string[] | undefined)[];
}

/** The analysis of a name; remembered, so the lists are frozen: callers copy before changing them. */
export const nameCore: (name: string) => AnalysedName = memoized((name) => {
  const analysed = analyseName(name);
  Object.freeze(analysed.core);
  Object.freeze(analysed.forms);
  Object.freeze(analysed.abjad);
  return Object.freeze(analysed);
}, 20_000);

function analyseName(name: string): AnalysedName {
  const all = analyze(name);
  const forms = all.filter((t) => t.form).map((t) => t.text);
  // A canonical form inside a name (Acme Ltd Trading) is dropped too, unless it is a short
  // word that only counts as a form at the edges (Priya Oy Elaran).
  const words = all.filter((t) => !t.form && !(COMPANY_FORM_TOKENS.has(t.text) && t.text.length > 2));
  const kept = words.length ? withoutTitles(words.map((t) => t.text)) : all.map((t) => t.text);
  // withoutTitles keeps words in order: walk both lists to find the token of each kept word.
  const source = words.length ? words : all;
  const core: Token[] = [];
  for (let i = 0, k = 0; i < source.length && k < kept.length; i++) if (source[i].text === kept[k]) { core.push(source[i]); k += 1; }
  const abjad = core.map((t) => { const original = name.slice(t.start, t.end); return isAbjadWord(original) ? abjadKeys(original) : undefined; });
  return { core: kept, forms, abjad };
}

/** The core words written as one: the key that finds joined and split spellings. */
export const joinedKey = (core: string[]): string => core.join('');

const prefixed = (keys: string[]): string[] => [...new Set(keys.filter((k) => k.length >= 2).map((k) => CONSONANT_KEY_PREFIX + k))];

/**
 * Consonant keys of a name for the index (./abjad.ts), prefixed so they share the phonetic
 * field: every reading of its Arabic- and Hebrew-script words, the key of each other word.
 */
export const consonantIndexKeys = (a: AnalysedName): string[] =>
  prefixed(a.core.flatMap((t, k) => a.abjad[k] ?? (/^[a-z]+$/.test(t) ? [latinConsonantKey(t)] : [])));

/** Consonant keys a query asks the index for: those of its Arabic- and Hebrew-script words only (a Latin query has its own keys). */
export const consonantQueryKeys = (a: AnalysedName): string[] => prefixed(a.abjad.flatMap((keys) => keys ?? []));

/**
 * Adjacent core words written as one, where one of them is short enough to be a piece split
 * off a word (Nak amura, Fis cher, Al Qaeda): at most `max`, each at least 6 letters.
 */
export function splitPairs(core: string[], max = 2): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < core.length && out.length < max; i++) {
    const [a, b] = [core[i], core[i + 1]];
    if (a.length > 1 && b.length > 1 && Math.min(a.length, b.length) <= 4 && a.length + b.length >= 6 && !/\d/.test(a + b)) out.push(a + b);
  }
  return [...new Set(out)];
}

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
