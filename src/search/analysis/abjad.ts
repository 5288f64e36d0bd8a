/**
 * Consonant keys for names written in Arabic or Hebrew script, whose letters leave out most
 * vowels and whose vav / yod / he stand for a consonant or a vowel by the word (דוד = David,
 * יוסף = Yosef). A transliteration alone (dvd, yvsf) is no spelling a Latin list uses, so
 * the two sides are compared on keys instead:
 *   - `latinConsonantKey(token)` of a Latin name word: its consonants in classes (b/v, f/p,
 *     k/c/q/kh/ch, s/z/sh/ts/tz, t/th, d/dh, g/gh), vowels, y, j and w left out, a final h
 *     after a vowel left out (Abdullah), doubled letters once; `abjadAgrees` also reads j
 *     as g, the class of ج (Juma / جمعه);
 *   - `abjadKeys(word)` of an Arabic- or Hebrew-script word: every key its letters can read
 *     as (ו as b or nothing, ה as h or nothing, ח as h or kh), in the same classes.
 * An Arabic or Hebrew word and a Latin word agree when one of the first's keys is the
 * second's key: Benjamin / בנימין (bnmn), Cohen / כהן (khn), Abdullah / عبد الله (bdl).
 */

const HAS_ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
/** Whether a word is written in Arabic or Hebrew script. */
export const isAbjadWord = (word: string): boolean => HAS_ABJAD.test(word);

/** Each letter's readings as key classes ('' for a letter that is, or may be, a vowel). */
const LETTERS: Record<string, string[]> = {
  // Hebrew (final forms with their letters).
  א: [''], ע: [''], י: [''], ב: ['b'], ג: ['g'], ד: ['d'], ה: ['h', ''], ו: ['b', ''], ז: ['s'], ח: ['h', 'k'], ט: ['t'], ת: ['t'],
  כ: ['k'], ך: ['k'], ק: ['k'], ל: ['l'], מ: ['m'], ם: ['m'], נ: ['n'], ן: ['n'], ס: ['s'], ש: ['s'], צ: ['s'], ץ: ['s'], פ: ['f'], ף: ['f'], ר: ['r'],
  // Arabic, with the Persian and Urdu letters names use.
  ا: [''], أ: [''], إ: [''], آ: [''], ٱ: [''], ء: [''], ئ: [''], ؤ: [''], ع: [''], ى: [''], ي: [''], ی: [''], و: [''], ة: [''],
  ب: ['b'], پ: ['f'], ت: ['t'], ث: ['t'], ط: ['t'], ج: ['', 'g'], چ: ['k'], ح: ['h'], خ: ['k'], د: ['d'], ذ: ['d'], ض: ['d', 's'], ر: ['r'], ز: ['s'],
  ژ: ['s'], ظ: ['s', 'd'], س: ['s'], ش: ['s'], ص: ['s'], غ: ['g'], ف: ['f'], ق: ['k'], ك: ['k'], ک: ['k'], گ: ['g'], ل: ['l'], م: ['m'], ن: ['n'],
  ه: ['h', ''], ھ: ['h'],
};

const MAX_KEYS = 8;
const collapse = (key: string): string => key.replace(/(.)\1+/g, '$1');

/**
 * Every key an Arabic- or Hebrew-script word can read as (at most 8; marks and other
 * characters ignored). An Arabic word with the article written on (الناصر) also reads
 * without it, as Latin spellings drop it or write it apart (Nasser, al-Nasser).
 */
export function abjadKeys(word: string): string[] {
  const bare = /^\u0627\u0644(?=.{2})/u.test(word) ? wordKeys(word.slice(2)) : [];
  return [...new Set([...wordKeys(word), ...bare])].slice(0, MAX_KEYS);
}

function wordKeys(word: string): string[] {
  let keys = [''];
  let previous = '';
  for (const ch of word) {
    const readings = LETTERS[ch];
    if (!readings || ch === previous) continue; // marks, tatweel; a doubled letter (וו) reads once
    previous = ch;
    const next = new Set<string>();
    for (const k of keys) for (const r of readings) if (next.size < MAX_KEYS) next.add(k + r);
    keys = [...next];
  }
  return [...new Set(keys.map(collapse))].filter(Boolean);
}

/** The key of a Latin (folded, lower-case) name word in the classes of `abjadKeys`. */
export function latinConsonantKey(token: string, jAsG = false): string {
  const t = (jAsG ? token.replace(/j/g, 'g') : token).replace(/(.)\1+/g, '$1').replace(/([aeiouy])h$/, '$1');
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const two = t.slice(i, i + 2);
    const digraph = ({ sh: 's', zh: 's', ts: 's', tz: 's', kh: 'k', ch: 'k', ck: 'k', gh: 'g', th: 't', dh: 'd', ph: 'f' } as Record<string, string>)[two];
    if (digraph) {
      out += digraph;
      i += 1;
      continue;
    }
    const c = t[i];
    out += /[aeiouyjw]/.test(c) ? '' : ({ v: 'b', p: 'f', c: 'k', q: 'k', z: 's', x: 'ks' } as Record<string, string>)[c] ?? c;
  }
  return collapse(out);
}

/**
 * Whether a Latin word and the keys of an Arabic- or Hebrew-script word agree. A key of one
 * consonant is enough only for a short Latin word (Ali / علي), never for a longer one.
 */
export function abjadAgrees(keys: string[], latin: string): boolean {
  const agrees = (key: string) => key !== '' && !(key.length < 2 && latin.length > 3) && keys.includes(key);
  return agrees(latinConsonantKey(latin)) || (latin.includes('j') && agrees(latinConsonantKey(latin, true)));
}

/** Prefix of consonant keys among the phonetic keys of the index (Double Metaphone codes never hold a q). */
export const CONSONANT_KEY_PREFIX = 'q';
