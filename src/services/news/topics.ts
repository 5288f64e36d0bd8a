/**
 * Topics of an article from the taxonomy of src/domain/newsTopics.ts. Text and phrases are folded
 * alike (lower case, accents and Arabic diacritics removed, Arabic letter variants unified). A
 * phrase matches when its words are found in order, at most GAP words apart: a word of a
 * phrase in the article's language matches on its stem (stemming.ts), so inflections and derived
 * forms match; phrases of the other languages match word for word, so a quoted phrase is still
 * read; `*` stands for any ending or beginning; Chinese phrases match as text. A phrase marked `~`
 * is ambiguous alone ("fine", "attack"): it counts only beside another cue of the same topic. A
 * phrase marked `?` is generic ("arrested", "accused of"): it counts only when no other cue is found.
 */
import { RISK_FLAG_RULES, type NewsTopic } from '../../domain/newsTopics';
import { detectLanguage } from './language';
import { arabicStem, hasStemmer, stem } from './stemming';

export interface TopicMatch {
  topics: NewsTopic[];
  /** Flags as the client shows them, in taxonomy order. */
  risk_flags: string[];
  /** The phrases that set each flag, as written in the taxonomy. */
  phrases: Record<string, string[]>;
}

/** Folds text for matching: lower case, no accents or diacritics, one form of each Arabic letter. */
export function fold(value: string): string {
  return value
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ـ/g, '');
}

/** Words that may stand between two consecutive words of a phrase. */
const GAP = 3;

interface PhraseWord {
  /** The word as written (folded, Arabic prefixes removed), `*` included. */
  pattern: string;
  test: (word: string) => boolean;
  /** The stem in the phrase's language, for a word without `*` in a stemmed language. */
  stem?: string;
}
interface Compiled { flag: number; phrase: string; lang: string; weak: boolean; generic: boolean; words: PhraseWord[] }

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]+/gu;
const PATTERN_WORD = /[\p{L}\p{N}*]+/gu;

function wordTest(pattern: string): (w: string) => boolean {
  const lead = pattern.startsWith('*');
  const trail = pattern.endsWith('*');
  const core = pattern.replace(/^\*|\*$/g, '');
  if (lead && trail) return (w) => w.includes(core);
  if (lead) return (w) => w.endsWith(core);
  if (trail) return (w) => w.startsWith(core);
  return (w) => w === core;
}

function phraseWord(lang: string, raw: string): PhraseWord {
  const lead = raw.startsWith('*') ? '*' : '';
  const trail = raw.endsWith('*') ? '*' : '';
  const pattern = lead + arabicStem(raw.replace(/^\*|\*$/g, '')) + trail;
  const stemmed = !lead && !trail && hasStemmer(lang) ? stem(lang, pattern) : undefined;
  return { pattern, test: wordTest(pattern), stem: stemmed };
}

const compiled: Compiled[] = [];
const textPhrases: { flag: number; phrase: string; weak: boolean; generic: boolean; folded: string }[] = [];
RISK_FLAG_RULES.forEach((rule, flag) => {
  for (const [lang, list] of Object.entries(rule.phrases)) {
    for (const written of list ?? []) {
      const weak = written.startsWith('~');
      const generic = written.startsWith('?');
      // The phrase as the client's search_term shows it: without its marker.
      const phrase = written.replace(/^[~?]/, '');
      const folded = fold(phrase);
      if (HAN.test(folded)) {
        textPhrases.push({ flag, phrase, weak, generic, folded: folded.replace(/\s+/g, '') });
        continue;
      }
      const words = (folded.match(PATTERN_WORD) ?? []).map((w) => phraseWord(lang, w));
      if (words.length) compiled.push({ flag, phrase, lang, weak, generic, words });
    }
  }
});

/**
 * Phrases by their first word: exact words and stems (keyed `lang:stem`) in maps, trailing-star
 * patterns by their first three letters, the rest (leading star, short prefix) tried everywhere.
 */
const byWord = new Map<string, Compiled[]>();
const byStem = new Map<string, Compiled[]>();
const byPrefix = new Map<string, Compiled[]>();
const anywhere: Compiled[] = [];
const push = (map: Map<string, Compiled[]>, key: string, c: Compiled) => map.set(key, [...(map.get(key) ?? []), c]);
for (const c of compiled) {
  const first = c.words[0];
  if (first.pattern.startsWith('*') || first.pattern.replace(/\*$/, '').length < 3) anywhere.push(c);
  else if (first.pattern.endsWith('*')) push(byPrefix, first.pattern.slice(0, 3), c);
  else {
    push(byWord, first.pattern, c);
    if (first.stem !== undefined) push(byStem, `${c.lang}:${first.stem}`, c);
  }
}

interface Text { words: string[]; stems: string[]; lang: string }

function matchesAt(w: PhraseWord, lang: string, text: Text, k: number): boolean {
  return w.test(text.words[k]) || (w.stem !== undefined && lang === text.lang && text.stems[k] === w.stem);
}

/** The positions of the phrase's words, in order, each within GAP + 1 words of the one before, when it starts at `i`; else null. */
function phraseAt(c: Compiled, text: Text, i: number): number[] | null {
  if (!matchesAt(c.words[0], c.lang, text, i)) return null;
  const at = [i];
  for (const w of c.words.slice(1)) {
    const last = at[at.length - 1];
    let next = -1;
    for (let k = last + 1; k <= Math.min(text.words.length - 1, last + 1 + GAP); k++) {
      if (matchesAt(w, c.lang, text, k)) {
        next = k;
        break;
      }
    }
    if (next < 0) return null;
    at.push(next);
  }
  return at;
}

interface Hit { flag: number; phrase: string; weak: boolean; generic: boolean; at: number[] }

/**
 * The topics and risk flags of a text (title and body). `language` is the article's (ISO 639-1);
 * when absent it is detected from the text.
 */
export function classify(value: string, language?: string): TopicMatch {
  const folded = fold(value);
  const lang = (language ?? detectLanguage(value)).slice(0, 2).toLowerCase();
  const words = (folded.match(WORD) ?? []).map(arabicStem);
  const text: Text = { words, stems: words.map((w) => stem(lang, w)), lang };
  const hits: Hit[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const candidates = [...(byWord.get(w) ?? []), ...(byStem.get(`${lang}:${text.stems[i]}`) ?? []), ...(byPrefix.get(w.slice(0, 3)) ?? []), ...anywhere];
    for (const c of candidates) {
      const at = phraseAt(c, text, i);
      const key = `${c.flag}\u0000${c.weak}${c.generic}${c.phrase}\u0000${at?.join(',')}`;
      if (at && !seen.has(key)) {
        seen.add(key);
        hits.push({ flag: c.flag, phrase: c.phrase, weak: c.weak, generic: c.generic, at });
      }
    }
  }
  if (HAN.test(folded)) {
    const compact = folded.replace(/\s+/g, '');
    textPhrases.forEach((p, n) => {
      // Text matches have no word positions: each counts as a cue of its own.
      if (compact.includes(p.folded)) hits.push({ flag: p.flag, phrase: p.phrase, weak: p.weak, generic: p.generic, at: [-1 - n] });
    });
  }
  const topicOf = (h: Hit) => RISK_FLAG_RULES[h.flag].topic;
  const disjoint = (a: Hit, b: Hit) => !a.at.some((k) => b.at.includes(k));
  const cued = hits.filter((h) => !h.weak || hits.some((o) => o !== h && topicOf(o) === topicOf(h) && disjoint(o, h)));
  // A generic cue (an arrest, an accusation) names the proceeding, not the risk: it sets its topic only when nothing more specific is found.
  const specific = cued.some((h) => !h.generic);
  const kept = cued.filter((h) => !h.generic || !specific);
  const byFlag = new Map<number, Set<string>>();
  for (const h of kept) byFlag.set(h.flag, (byFlag.get(h.flag) ?? new Set<string>()).add(h.phrase));
  const flags = [...byFlag.keys()].sort((a, b) => a - b);
  const topics = [...new Set(flags.map((f) => RISK_FLAG_RULES[f].topic))];
  const phrases: Record<string, string[]> = {};
  for (const f of flags) phrases[RISK_FLAG_RULES[f].flag] = [...byFlag.get(f)!];
  return { topics, risk_flags: flags.map((f) => RISK_FLAG_RULES[f].flag), phrases };
}
