/**
 * Transliteration of one word of any script to lower-case ASCII letters and digits.
 *
 * Cyrillic, Greek and the Latin letters Unicode does not decompose use the tables below, with
 * the language conventions screening lists follow: Serbian and Macedonian (Ђоковић ->
 * djokovic, as Serbian Latin Đoković), Ukrainian (г -> h, и -> y), Mongolian (ж -> j, ө -> o,
 * ү -> u), else Russian (BGN/PCGN-like). Georgian and Ethiopic use the tables of
 * ./alphabets.ts (the Georgian national system; Ethiopic syllables as names spell them).
 * Every other script (Arabic, Hebrew, Devanagari, Armenian, Han, kana, Hangul ...) goes
 * through the `transliteration` library; Hangul syllables get the common spellings of Korean
 * names (김 -> kim, 정 -> jong).
 */
import { transliterate } from 'transliteration';
import { hasTabledScript, transliterateTabled } from './alphabets';

const RUSSIAN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  є: 'ye', і: 'i', ї: 'yi', ґ: 'g', ў: 'u',
  ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
  ә: 'a', ғ: 'g', қ: 'k', ң: 'n', ө: 'o', ұ: 'u', ү: 'u', һ: 'h',
};
/** Serbian and Macedonian Cyrillic: the Serbian Latin letters, diacritics then folded (č -> c). */
const SERBIAN: Record<string, string> = { ...RUSSIAN, ж: 'z', х: 'h', ц: 'c', ч: 'c', ш: 's', й: 'j' };
const UKRAINIAN: Record<string, string> = { ...RUSSIAN, г: 'h', и: 'y', й: 'y' };
const MONGOLIAN: Record<string, string> = { ...RUSSIAN, ж: 'j', й: 'i' };

const SERBIAN_LETTERS = /[ђјљњћџѓќѕ]/;
const UKRAINIAN_LETTERS = /[іїєґ]/;
const MONGOLIAN_LETTERS = /[өү]/;
const KAZAKH_LETTERS = /[әғқңұһ]/;

/** The Cyrillic table of a word, by the letters only some languages have. */
export function cyrillicTable(word: string): Record<string, string> {
  if (SERBIAN_LETTERS.test(word)) return SERBIAN;
  if (UKRAINIAN_LETTERS.test(word)) return UKRAINIAN;
  if (MONGOLIAN_LETTERS.test(word) && !KAZAKH_LETTERS.test(word)) return MONGOLIAN;
  return RUSSIAN;
}

const GREEK: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x',
  ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};
/** Greek digraphs transliterated as a unit (ELOT 743 / UN style). */
const GREEK_DIGRAPHS: [RegExp, string][] = [
  [/ου/g, 'ou'], [/αι/g, 'ai'], [/ει/g, 'ei'], [/οι/g, 'oi'], [/μπ/g, 'b'], [/ντ/g, 'nt'], [/γκ/g, 'gk'], [/γγ/g, 'ng'],
  [/αυ/g, 'av'], [/ευ/g, 'ev'],
];

/** Latin letters that Unicode decomposition does not reduce to ASCII (đ as Serbian Latin writes it: dj). */
const LATIN_SPECIAL: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'dj', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'n',
  ĸ: 'k', ſ: 's', ŀ: 'l', ĳ: 'ij',
};

const HAS_GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;
const HAS_CYRILLIC = /[\u0400-\u04ff]/;
const COMBINING = /[\u0300-\u036f]/g;
/** Scripts the tables above do not cover (anything beyond Latin, Greek and Cyrillic). */
const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}\p{M}\p{Zs}\p{P}\p{S}]/u;
/** Han and kana: one token per character, so a name written without spaces still splits into syllables. */
export const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const HANGUL = /\p{Script=Hangul}/u;

/** Korean family names as they are commonly romanised (not Revised Romanisation's gim, bag, i). */
const KOREAN_SURNAMES: Record<string, string> = { 김: 'kim', 이: 'lee', 박: 'park', 최: 'choi', 정: 'jung', 강: 'kang', 조: 'cho', 윤: 'yoon', 장: 'jang', 임: 'lim', 한: 'han', 오: 'oh', 신: 'shin', 권: 'kwon', 황: 'hwang', 류: 'ryu', 문: 'moon' };

/** One Hangul syllable: Revised Romanisation with the vowel spellings of most name lists (eo -> o, eu -> u). */
function hangulSyllable(s: string, first: boolean): string {
  if (first && KOREAN_SURNAMES[s]) return KOREAN_SURNAMES[s];
  return transliterate(s).toLowerCase().replace(/eo/g, 'o').replace(/eu/g, 'u');
}

/**
 * Kana whose Hepburn reading (the one passports and lists use) differs from the library's
 * Kunrei-style one (si, ti, tu, hu, zi); hiragana here, katakana folded to hiragana first.
 */
const HEPBURN: Record<string, string> = { し: 'shi', ち: 'chi', つ: 'tsu', ふ: 'fu', じ: 'ji', ぢ: 'ji', づ: 'zu', を: 'o', ゐ: 'i', ゑ: 'e' };
const KATAKANA = /[\u30a1-\u30f6]/;

/** A word of a script the tables do not cover, through the library; Hangul syllable by syllable, kana in Hepburn. */
function otherScript(word: string, first: boolean): string {
  if (HANGUL.test(word)) return hangulSyllable(word, first);
  const hiragana = KATAKANA.test(word) ? String.fromCharCode(word.charCodeAt(0) - 0x60) : word;
  if (word.length === 1 && HEPBURN[hiragana]) return HEPBURN[hiragana];
  if (hasTabledScript(word)) return transliterateTabled(word);
  return transliterate(word).toLowerCase();
}

/**
 * One word (no separators) to lower-case ASCII letters and digits. `first` says the word
 * starts a name (Korean family names). Words that mix scripts are transliterated letter by letter.
 */
export function transliterateWord(word: string, first = false): string {
  let w = word.toLowerCase();
  if (HAS_GREEK.test(w)) {
    // Accents first (ά -> α) so digraphs are found, then digraphs, then letters.
    w = w.normalize('NFD').replace(COMBINING, '');
    for (const [re, to] of GREEK_DIGRAPHS) w = w.replace(re, to);
  }
  const cyrillic = HAS_CYRILLIC.test(w) ? cyrillicTable(w) : RUSSIAN;
  let out = '';
  if (OTHER_SCRIPT.test(w) && !/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u.test(w)) out = otherScript(w, first);
  else {
    for (const ch of w) {
      const mapped = cyrillic[ch] ?? GREEK[ch] ?? LATIN_SPECIAL[ch];
      out += mapped ?? (OTHER_SCRIPT.test(ch) ? otherScript(ch, first) : ch);
    }
  }
  return out.normalize('NFKD').replace(COMBINING, '').toLowerCase().replace(/[^a-z0-9]/g, '');
}
