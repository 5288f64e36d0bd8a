/**
 * Topics of an article from the phrase taxonomy of src/domain/newsTopics.ts. Text and phrases
 * are folded alike (lower case, accents and Arabic diacritics removed, Arabic letter variants
 * unified), then a phrase matches consecutive words, `*` standing for any ending or beginning;
 * Chinese phrases match as text. Every language's phrases are tried on every article, so an
 * article that quotes another language is still read.
 */
import { RISK_FLAG_RULES, type NewsTopic } from '../../domain/newsTopics';

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

const ARABIC_WORD = /^\p{Script=Arabic}+$/u;

/** An Arabic word without its attached conjunction or preposition (و ف ب ل ك) and article (ال), when enough is left. */
function arabicStem(word: string): string {
  let w = word;
  if (w.length >= 4 && /^[وفبلك]/.test(w)) w = w.slice(1);
  if (w.length >= 5 && w.startsWith('ال')) w = w.slice(2);
  return w;
}

/** The words of folded text as the matcher compares them. */
function wordsOf(folded: string, pattern: RegExp): string[] {
  return (folded.match(pattern) ?? []).map((w) => (ARABIC_WORD.test(w.replace(/\*/g, '')) ? stemPattern(w) : w));
}

function stemPattern(w: string): string {
  const lead = w.startsWith('*') ? '*' : '';
  const trail = w.endsWith('*') ? '*' : '';
  return lead + arabicStem(w.replace(/^\*|\*$/g, '')) + trail;
}

type WordTest = (word: string) => boolean;
interface Compiled { flag: number; phrase: string; words: WordTest[]; first: string }

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]+/gu;

function wordTest(pattern: string): WordTest {
  const lead = pattern.startsWith('*');
  const trail = pattern.endsWith('*');
  const core = pattern.replace(/^\*|\*$/g, '');
  if (lead && trail) return (w) => w.includes(core);
  if (lead) return (w) => w.endsWith(core);
  if (trail) return (w) => w.startsWith(core);
  return (w) => w === core;
}

const compiled: Compiled[] = [];
const textPhrases: { flag: number; phrase: string; folded: string }[] = [];
RISK_FLAG_RULES.forEach((rule, flag) => {
  for (const list of Object.values(rule.phrases)) {
    for (const phrase of list ?? []) {
      const folded = fold(phrase);
      if (HAN.test(folded)) {
        textPhrases.push({ flag, phrase, folded: folded.replace(/\s+/g, '') });
        continue;
      }
      const parts = wordsOf(folded, /[\p{L}\p{N}*]+/gu);
      compiled.push({ flag, phrase, words: parts.map(wordTest), first: parts[0] });
    }
  }
});

/** Phrases by their first word: exact words in a map, patterns by their first three letters, leading-star ones tried everywhere. */
const byWord = new Map<string, Compiled[]>();
const byPrefix = new Map<string, Compiled[]>();
const anywhere: Compiled[] = [];
for (const c of compiled) {
  const push = (map: Map<string, Compiled[]>, key: string) => map.set(key, [...(map.get(key) ?? []), c]);
  if (c.first.startsWith('*') || c.first.replace(/\*$/, '').length < 3) anywhere.push(c);
  else if (c.first.endsWith('*')) push(byPrefix, c.first.slice(0, 3));
  else push(byWord, c.first);
}

/** The topics and risk flags of a text (title and body). */
export function classify(value: string): TopicMatch {
  const folded = fold(value);
  const words = wordsOf(folded, WORD);
  const hit = new Map<number, Set<string>>();
  const record = (flag: number, phrase: string) => {
    const set = hit.get(flag) ?? new Set<string>();
    set.add(phrase);
    hit.set(flag, set);
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    for (const c of [...(byWord.get(w) ?? []), ...(byPrefix.get(w.slice(0, 3)) ?? []), ...anywhere]) {
      if (i + c.words.length > words.length) continue;
      if (c.words.every((test, k) => test(words[i + k]))) record(c.flag, c.phrase);
    }
  }
  if (HAN.test(folded)) {
    const compact = folded.replace(/\s+/g, '');
    for (const p of textPhrases) if (compact.includes(p.folded)) record(p.flag, p.phrase);
  }
  const flags = [...hit.keys()].sort((a, b) => a - b);
  const topics = [...new Set(flags.map((f) => RISK_FLAG_RULES[f].topic))];
  const phrases: Record<string, string[]> = {};
  for (const f of flags) phrases[RISK_FLAG_RULES[f].flag] = [...hit.get(f)!];
  return { topics, risk_flags: flags.map((f) => RISK_FLAG_RULES[f].flag), phrases };
}
