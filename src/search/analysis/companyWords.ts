/**
 * Words of company names that differ only in writing: abbreviated words (Int'l, Intl, Mfg,
 * Bros, Assn) are read as the word they stand for, numbers written as words as their digits
 * (Seven Seas / 7 Seas, First / 1st), and articles and linking words ("The", "of", "and")
 * left out, as lists keep or drop them freely; words of other languages as their English
 * translation (./companyTranslations.ts). Used on the words of a name before two names
 * are compared (src/services/resolve/nameScore.ts), not for the index.
 */

import { TRANSLATIONS } from './companyTranslations';

/** Abbreviations (folded, dots and apostrophes removed) and the word each stands for. */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  intl: 'international', natl: 'national', mfg: 'manufacturing', mfrs: 'manufacturers', mfr: 'manufacturer', bros: 'brothers',
  assn: 'association', assoc: 'association', assocs: 'associates', dept: 'department', inds: 'industries', svcs: 'services', svc: 'services',
  mgmt: 'management', mgt: 'management', grp: 'group', hldgs: 'holdings', hldg: 'holding', devt: 'development', engg: 'engineering',
  univ: 'university', ctr: 'center', centre: 'center', invt: 'investment', invts: 'investments', trdg: 'trading', shpg: 'shipping',
  transp: 'transport', distr: 'distribution', mktg: 'marketing', organisation: 'organization', entp: 'enterprise', govt: 'government',
  mtrs: 'motors', secs: 'securities', co: 'company', cos: 'companies', mgrs: 'managers', ptnrs: 'partners',
  eng: 'engineering', bro: 'brothers', chem: 'chemical', pharm: 'pharmaceutical', inst: 'institute', fdn: 'foundation', tech: 'technology',
  elec: 'electric', ind: 'industries', petrochem: 'petrochemical', tv: 'television',
};

const NUMBERS: Readonly<Record<string, string>> = {
  zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10', eleven: '11',
  twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16', seventeen: '17', eighteen: '18', nineteen: '19', twenty: '20',
  thirty: '30', forty: '40', fifty: '50', sixty: '60', seventy: '70', eighty: '80', ninety: '90', hundred: '100', thousand: '1000',
  first: '1', second: '2', third: '3', fourth: '4', fifth: '5', sixth: '6', seventh: '7', eighth: '8', ninth: '9', tenth: '10',
};

/** Articles and linking words of company names in the languages lists use most. */
export const LINKING_WORDS: ReadonlySet<string> = new Set(['the', 'of', 'and', 'und', 'et']);

export type WordRule = 'abbreviation' | 'number' | 'translation';

/** The word a company-name word stands for, and the rule that read it so; undefined when it stands for itself. */
export function readWord(w: string): { word: string; rule: WordRule } | undefined {
  const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(w);
  if (ordinal) return { word: ordinal[1], rule: 'number' };
  if (NUMBERS[w]) return { word: NUMBERS[w], rule: 'number' };
  if (ABBREVIATIONS[w]) return { word: ABBREVIATIONS[w], rule: 'abbreviation' };
  const translated = TRANSLATIONS.get(w);
  if (translated) return { word: translated, rule: 'translation' };
  return undefined;
}

const SUFFIXES = ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ical', 'ial', 'ics', 'ic', 'ies', 'ive', 'able', 'ers', 'er', 'es', 'al', 's', 'y'];

/** A company-name word without one English ending and a final e (Managing / Management, Wines / Wine, Industrial / Industry). */
export function wordStem(w: string): string {
  const suffix = SUFFIXES.find((s) => w.endsWith(s) && w.length - s.length >= 3);
  return (suffix ? w.slice(0, -suffix.length) : w).replace(/e$/, '');
}

/**
 * How two different words of company names are one word written otherwise: `stem` when they
 * differ only in an English ending (Shipping Lines / Line, Charity / Charitable), `abbreviation`
 * when one of four letters or more, ending in a consonant, begins the other (Serv / Service,
 * Electr / Electronics); undefined otherwise.
 */
export function companyWordsAlike(a: string, b: string): 'stem' | 'abbreviation' | undefined {
  if (a === b || Math.min(a.length, b.length) < 4 || /\d/.test(a + b)) return undefined;
  const sa = wordStem(a);
  if (sa.length >= 3 && sa === wordStem(b)) return 'stem';
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.length >= short.length + 2 && long.startsWith(short) && !/[aeiouy]$/.test(short) ? 'abbreviation' : undefined;
}
