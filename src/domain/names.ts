/**
 * Name and text normalisation for search and resolution.
 *
 * `analyze(text)` turns any value into match tokens, each with the span of the original text
 * it came from (so highlights can wrap the original words):
 *   1. words are runs of letters and digits; everything else separates words (punctuation,
 *      apostrophes, hyphens, dots: "O'Brien" -> o, brien; "12-3456789" -> 12, 3456789);
 *   2. each word is transliterated (Cyrillic: Russian, Ukrainian, Belarusian, Serbian,
 *      Kazakh letters; Greek), stripped of diacritics and special Latin letters
 *      (ł, ø, ß, æ, đ, ı, ...), lower-cased;
 *   3. company-form words and their spelled-out or dotted forms become one canonical token
 *      (LTD / LIMITED -> ltd; LLC / L.L.C. / OOO / "limited liability company" -> llc;
 *      GMBH; "S.à r.l." -> sarl; "B.V." -> bv ...).
 * The same function runs on indexed values and on query terms, so both sides agree.
 */

import { joinAbbreviations } from './abbreviations';
import { memoized } from './memo';
import { EDGE_ONLY_FORMS, END_ONLY_FORMS, LEGAL_FORMS } from './legalForms';
import { SYLLABIC, transliterateWord } from './scripts';

// ------------------------------------------------------------------ folding

/**
 * One word (no separators) to its folded, transliterated, lower-case form. Remembered: names
 * repeat across queries, hits and highlights, and folding (transliteration, Unicode
 * normalisation) dominated the cost of shaping a search page.
 */
export const foldWord: (word: string) => string = memoized((word) => transliterateWord(word), 100_000);

// ------------------------------------------------------------------ company forms

/**
 * Legal forms (src/domain/legalForms.ts) as folded token sequences to one canonical token,
 * longest sequences first; folded lazily, since folding uses the word tokeniser below.
 */
const ABJAD_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
let FORMS_CACHE: { seq: string[]; canonical: string[]; abjad: boolean }[] | undefined;
function forms(): { seq: string[]; canonical: string[]; abjad: boolean }[] {
  if (!FORMS_CACHE) {
    const seen = new Set<string>();
    FORMS_CACHE = [];
    for (const f of LEGAL_FORMS) {
      // Each spelling also as a name joined at its dots reads it (N.A. -> NA, s r.o. -> s ro).
      for (const spelling of [...f.spellings, ...f.spellings.map(joinAbbreviations), f.canonical]) {
        const seq = words(spelling).map((t) => t.text);
        const key = seq.join(' ');
        if (!seq.length || seen.has(key)) continue;
        seen.add(key);
        FORMS_CACHE.push({ seq, canonical: [f.canonical], abjad: f.spellings.some((x) => ABJAD_SCRIPT.test(x) && words(x).map((t) => t.text).join(' ') === key) });
      }
    }
    FORMS_CACHE.sort((a, b) => b.seq.length - a.seq.length);
  }
  return FORMS_CACHE;
}

const EDGE_ONLY = EDGE_ONLY_FORMS;
const END_ONLY = END_ONLY_FORMS;

/** Canonical company-form tokens: removed when comparing the core of two company names. */
export const COMPANY_FORM_TOKENS: ReadonlySet<string> = new Set(LEGAL_FORMS.map((f) => f.canonical));
/** Weak words of company names (kept in the index, weighted down when resolving). */
export const WEAK_COMPANY_WORDS: ReadonlySet<string> = new Set([
  'co', 'company', 'the', 'and', 'of', 'international', 'group', 'holdings', 'holding', 'trading', 'trade', 'services', 'service', 'solutions',
  'industries', 'industrial', 'enterprises', 'enterprise', 'investments', 'investment', 'capital', 'partners', 'management', 'consulting',
  'systems', 'technologies', 'technology', 'logistics', 'resources', 'development', 'global', 'general', 'national', 'united', 'corporate',
  'import', 'export', 'finance', 'financial', 'shipping', 'marine', 'energy', 'construction', 'products', 'ventures', 'fund', 'limited',
  'business', 'commercial', 'industry', 'manufacturing', 'engineering', 'transport', 'distribution', 'agency', 'associates', 'brothers',
  // What kind of body a name is (BODY_KIND_WORDS).
  'complex', 'factory', 'factories', 'foundation', 'institute', 'organization', 'association', 'center', 'establishment', 'plant', 'works',
  'bureau', 'office', 'network', 'society', 'cooperative', 'firm', 'concern', 'institution', 'trust', 'committee', 'movement']);

/**
 * Words that say what kind of body a company name names (Kaveh Cutting Tools Complex /
 * Factories / Company): lists swap them freely, so one of them on each side of two names is
 * no sign of two parties. What a company does (Energy / Marine) is no such word.
 */
export const BODY_KIND_WORDS: ReadonlySet<string> = new Set([
  'co', 'company', 'group', 'holding', 'holdings', 'enterprise', 'enterprises', 'industries', 'industry', 'agency', 'fund',
  'complex', 'factory', 'factories', 'foundation', 'institute', 'organization', 'association', 'center', 'establishment', 'plant', 'works',
  'bureau', 'office', 'network', 'society', 'cooperative', 'firm', 'concern', 'institution', 'trust', 'committee', 'movement']);

// ------------------------------------------------------------------ analysis

export interface Token {
  /** Normalised form. */
  text: string;
  /** Span in the original string (UTF-16 offsets), for highlighting. */
  start: number;
  end: number;
  /** True when this token is a canonical company form. */
  form?: boolean;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const KANA_LENGTH_MARK = /[\u30fc\uff70]/;
const SMALL_Y = /[\u3083\u3085\u3087\u30e3\u30e5\u30e7]/;
const SMALL_TSU = /[\u3063\u30c3]/;

/** Tokens of `text` without company-form rewriting. */
function words(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    if (SYLLABIC.test(m[0])) {
      // Han, kana and Hangul: one token per character (names are written without spaces).
      let offset = m.index!;
      let doubled = false;
      for (const ch of m[0]) {
        // The kana length mark (ソニー) lengthens the syllable before it: so, ni, ー -> so, nii.
        if (KANA_LENGTH_MARK.test(ch) && out.length && out[out.length - 1].end === offset) {
          const last = out[out.length - 1];
          const vowel = /[aeiou]$/.exec(last.text)?.[0];
          if (vowel) out[out.length - 1] = { ...last, text: last.text + vowel, end: offset + ch.length };
          offset += ch.length;
          continue;
        }
        // Small ya / yu / yo join the syllable before (キョ -> kyo, シャ -> sha); a small tsu doubles the next consonant (ッ).
        const last = out[out.length - 1];
        if (SMALL_Y.test(ch) && last && last.end === offset && /i$/.test(last.text)) {
          const glide = ({ ゃ: 'a', ゅ: 'u', ょ: 'o' } as Record<string, string>)[String.fromCharCode(ch.charCodeAt(0) - (/[\u30e3\u30e5\u30e7]/.test(ch) ? 0x60 : 0))];
          const stem = last.text.replace(/i$/, '');
          out[out.length - 1] = { ...last, text: /(sh|ch|j)$/.test(stem) ? stem + glide : `${stem}y${glide}`, end: offset + ch.length };
          offset += ch.length;
          continue;
        }
        if (SMALL_TSU.test(ch)) { doubled = true; offset += ch.length; continue; }
        let folded = SYLLABIC.test(ch) ? transliterateWord(ch, offset === m.index) : foldWord(ch);
        if (doubled && folded) folded = (folded.startsWith('ch') ? 't' : folded[0]) + folded;
        doubled = false;
        if (folded) out.push({ text: folded, start: offset, end: offset + ch.length });
        offset += ch.length;
      }
      continue;
    }
    const folded = foldWord(m[0]);
    if (folded) out.push({ text: folded, start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

/** Normalised tokens of `text`, company forms canonicalised, each with its original span. */
export function analyze(text: string, opts: { companyForms?: boolean } = {}): Token[] {
  const tokens = words(text);
  if (opts.companyForms === false) return tokens;
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = false;
    for (const form of forms()) {
      const n = form.seq.length;
      if (i + n > tokens.length) continue;
      let ok = true;
      for (let k = 0; k < n && ok; k++) ok = tokens[i + k].text === form.seq[k];
      if (!ok) continue;
      // Single letters ("s a", "b v") and short forms that are also words or given names
      // ("as", "ao", "asa") only count as a form at the start or end of a name ("asa": end only).
      const atEnd = i + n === tokens.length;
      const short = form.seq.every((s) => s.length === 1) || EDGE_ONLY.has(form.seq.join(' '));
      if (short && i > 0 && !atEnd) continue;
      // A short form joined by a hyphen to the next word is a syllable of a name (Se-Bong, Ao-Lin).
      if (short && !atEnd && text.slice(tokens[i + n - 1].end, tokens[i + n].start) === '-') continue;
      // A word of Arabic or Hebrew script that transliterates to a short Latin form is a name word (آغا -> ag, Agha).
      if (short && !form.abjad && ABJAD_SCRIPT.test(text.slice(tokens[i].start, tokens[i + n - 1].end))) continue;
      if (END_ONLY.has(form.seq.join(' ')) && !atEnd) continue;
      const start = tokens[i].start;
      const end = tokens[i + n - 1].end;
      for (const c of form.canonical) out.push({ text: c, start, end, form: true });
      i += n;
      matched = true;
      break;
    }
    if (!matched) {
      out.push(tokens[i]);
      i += 1;
    }
  }
  return out;
}

/** The normalised token texts of `text`. */
export function normTokens(text: string): string[] {
  return analyze(text).map((t) => t.text);
}

/** The words of `text` folded as written: legal forms kept as they are spelled, not made canonical. */
export function writtenWords(text: string): string[] {
  return words(text).map((t) => t.text);
}

/** Normalised text: tokens joined by single spaces. */
export function normalizeName(text: string): string {
  return normTokens(text).join(' ');
}

/** Letters and digits only, lower case: "12-345 678" -> "12345678" (identifier comparison). */
export function compactIdentifier(value: string): string {
  return words(value).map((t) => t.text).join('');
}

/**
 * A phonetic-ish skeleton of one normalised token, so common transliteration variants
 * compare equal: Dmitri / Dmitry, Sergei / Sergey, Aleksandr / Alexandr, Yelena / Elena,
 * Tchaikovsky / Chaykovskiy, Mikhail / Michail. The search index stores the skeletons of names
 * (sx_name_sk): a change here needs `graph-api reindex` on existing data. Alexander / Aleksandr
 * stay one edit apart: folding -der into -dr also brought Peter to Petra and Sander to Sandra.
 */
export const skeleton: (token: string) => string = memoized((token) => {
  let t = token;
  t = t.replace(/^x(?=[iu])/, 'sh').replace(/x/g, 'ks').replace(/ph/g, 'f').replace(/w/g, 'v').replace(/ck/g, 'k').replace(/q/g, 'k');
  t = t.replace(/tch/g, 'ch').replace(/kh/g, 'h').replace(/ch/g, 'h').replace(/dzh/g, 'j').replace(/zh/g, 'j');
  t = t.replace(/^ye/, 'e').replace(/^yo/, 'o').replace(/^ya/, 'ia').replace(/^yu/, 'iu');
  t = t.replace(/(iy|yi|ii|ij|ei|ey|ai|ay|oi|oy)$/, (m) => (m[0] === 'i' || m[0] === 'y' ? 'i' : `${m[0]}i`));
  t = t.replace(/y/g, 'i').replace(/j/g, 'i').replace(/ou/g, 'u').replace(/ff$/, 'v').replace(/ph/g, 'f');
  t = t.replace(/(.)\1+/g, '$1');
  return t;
}, 50_000);

// ------------------------------------------------------------------ string distance

/** Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions), capped at max+1. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = Array.from({ length: lb + 1 }, (_, j) => j);
  let cur = new Array<number>(lb + 1).fill(0);
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, prev2[j - 2] + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[lb];
}

/** Edits a token of this length may differ by under a fuzziness setting (short tokens must be exact). */
export function allowedEdits(length: number, fuzziness: number): number {
  if (fuzziness <= 0 || length <= 3) return 0;
  if (length <= 5) return Math.min(1, fuzziness);
  if (length <= 8) return Math.min(2, fuzziness);
  return Math.min(fuzziness + 1, 3);
}
