/**
 * Georgian and Ethiopic (Amharic, Tigrinya) to Latin letters, by the conventions names on
 * screening lists follow; the general `transliteration` library spells both in ways no list
 * does (ბიძინა -> biz'ina, ხ -> x; ኃይሌ -> xaayelee).
 *
 * Georgian: the national system of 2002 (ხ -> kh, ძ -> dz, შ -> sh, ჟ -> zh, ყ -> q), without
 * its apostrophes for ejectives (კ, პ, ტ, წ, ჭ are written k, p, t, ts, ch, as in Saakashvili).
 * Ethiopic: each syllable is a consonant row and a vowel order (U+1200 + 8 * row + order);
 * orders are written e (ä), u, i, a, e, - (ə, left out as names do: ተስፋዬ -> tesfaye,
 * አሕመድ -> ahmed), o, wa; ቀ is written k (Bekele) and the glottal rows አ, ዐ as the bare vowel.
 */

const GEORGIAN: Record<string, string> = {
  ა: 'a', ბ: 'b', გ: 'g', დ: 'd', ე: 'e', ვ: 'v', ზ: 'z', თ: 't', ი: 'i', კ: 'k', ლ: 'l', მ: 'm', ნ: 'n', ო: 'o', პ: 'p', ჟ: 'zh',
  რ: 'r', ს: 's', ტ: 't', უ: 'u', ფ: 'p', ქ: 'k', ღ: 'gh', ყ: 'q', შ: 'sh', ჩ: 'ch', ც: 'ts', ძ: 'dz', წ: 'ts', ჭ: 'ch', ხ: 'kh', ჯ: 'j',
  ჰ: 'h', ჱ: 'e', ჲ: 'y', ჳ: 'w', ჴ: 'q', ჵ: 'o', ჶ: 'f',
};

/** Consonants of the Ethiopic rows from U+1200, 8 code points a row ('' for the glottal rows). */
const ETHIOPIC_ROWS = [
  'h', 'l', 'h', 'm', 's', 'r', 's', 'sh', 'k', 'kw', 'q', 'qw', 'b', 'v', 't', 'ch', 'h', 'hw', 'n', 'ny', '', 'k', 'kw', 'kh', 'khw', 'w', '',
  'z', 'zh', 'y', 'd', 'dd', 'j', 'g', 'gw', 'gg', 't', 'ch', 'p', 'ts', 'ts', 'f', 'p',
];
const ETHIOPIC_ORDERS = ['e', 'u', 'i', 'a', 'e', '', 'o', 'wa'];
/** Rows whose consonant is labialised: their orders are wä, -, wi, wa, we, wə (ቈ ቊ ቋ ቌ ቍ). */
const LABIALISED = new Set(['kw', 'qw', 'hw', 'khw', 'gw']);

function ethiopic(ch: string): string | undefined {
  const code = ch.codePointAt(0)!;
  if (code < 0x1200 || code >= 0x1200 + ETHIOPIC_ROWS.length * 8) return undefined;
  const row = ETHIOPIC_ROWS[(code - 0x1200) >> 3];
  const order = (code - 0x1200) & 7;
  if (LABIALISED.has(row)) return row.slice(0, -1) + ['we', '', 'wi', 'wa', 'we', 'w', '', ''][order];
  // A vowel row alone (አ, ዐ): its first order is written a (Abebe), its sixth e (እ).
  if (row === '' && order === 0) return 'a';
  if (row === '' && order === 5) return 'e';
  return row + ETHIOPIC_ORDERS[order];
}

const HAS_GEORGIAN = /[\u10a0-\u10ff\u1c90-\u1cbf\u2d00-\u2d2f]/;
const HAS_ETHIOPIC = /[\u1200-\u137f]/;

/** Whether a word has letters of these tables. */
export const hasTabledScript = (word: string): boolean => HAS_GEORGIAN.test(word) || HAS_ETHIOPIC.test(word);

/** A Georgian or Ethiopic word (lower-cased: Mtavruli capitals become Mkhedruli) in Latin letters; other characters pass through. */
export function transliterateTabled(word: string): string {
  let out = '';
  for (const ch of word.toLowerCase()) out += GEORGIAN[ch] ?? ethiopic(ch) ?? ch;
  return out;
}
