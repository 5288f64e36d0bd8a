/**
 * The words of a name as the resolve scorer compares them (not as the index stores them):
 *   1. list order: "SURNAME, Given Names" read as "Given Names SURNAME" (listOrder.ts);
 *   2. abbreviations joined at their dots and apostrophes (N.A. -> NA, Int'l -> Intl);
 *   3. the analysis of src/search/analysis (legal forms and titles out, weak words weighted);
 *   4. company words read as what they stand for (Intl -> international, Seven -> 7), linking
 *      words ("the", "of", "and") left out, patronymic connectors (bin / ibn / ben) made one
 *      light word;
 *   5. particles glued to the word they precede (van der Berg -> vanderberg, Al Hassan -> alhassan).
 * Each step that changed something is named in `rules`, and each word keeps the rule that
 * read it, so the explanation of a match says why two spellings were taken as one.
 */
import { memoized } from '../../domain/memo';
import { joinAbbreviations } from '../../domain/abbreviations';
import { WEAK_COMPANY_WORDS } from '../../domain/names';
import { nameCore } from '../../search/analysis';
import { CONNECTOR, isConnector } from '../../search/analysis/arabic';
import { LINKING_WORDS, readWord } from '../../search/analysis/companyWords';
import { naturalOrder } from '../../search/analysis/listOrder';
import { glueParticles } from '../../search/analysis/particles';

/** Rules of a name comparison an explanation may name (per name; the per-word rule is the word's `how`). */
export type NameRule = 'list-order' | 'abbreviation' | 'number' | 'linking-words' | 'connector' | 'particle' | 'legal-form'
  | 'middle-name-missing' | 'middle-name-conflict' | 'initials-order' | 'distinctiveness' | 'transliteration' | 'romanisation'
  | 'contained' | 'one-name-differs' | 'translation';

/** Words that stand for "number" before one (No. 39, Nr. 7). */
const NUMBER_SIGNS: ReadonlySet<string> = new Set(['no', 'nr', 'num', 'number', 'nom']);

/** Weight of a patronymic connector (bin, ibn): present or not, it says little. */
export const CONNECTOR_WEIGHT = 0.2;

export interface ScoringName {
  tokens: string[];
  weights: number[];
  abjad: (string[] | undefined)[];
  /** Per word: the rule that read it (abbreviation, number, particle), when one did. */
  read: (NameRule | undefined)[];
  /** Canonical legal forms of the name. */
  forms: string[];
  rules: NameRule[];
}

const DOTTED_TITLES = /^\s*(?:H\.\s?E\.|H\.\s?R\.\s?H\.|H\.\s?H\.)\s*(?=\S)/i;

function prepare(name: string): ScoringName {
  const rules = new Set<NameRule>();
  const ordered = naturalOrder(name);
  if (ordered.reordered) rules.add('list-order');
  // Dotted honorifics (H.E., H.R.H.) would read as a word once their dots are joined.
  const joined = joinAbbreviations(ordered.name.replace(DOTTED_TITLES, ''));
  if (joined !== ordered.name) rules.add('abbreviation');
  const a = nameCore(joined);
  let tokens: string[] = [];
  let weights: number[] = [];
  let abjad: (string[] | undefined)[] = [];
  let read: (NameRule | undefined)[] = [];
  const linking = a.core.filter((t) => LINKING_WORDS.has(t)).length;
  a.core.forEach((t, k) => {
    // Linking words go when two other words remain ("The Acme Company" / "Acme Company").
    if (LINKING_WORDS.has(t) && a.core.length - linking >= 1 && !a.abjad[k]) { rules.add('linking-words'); return; }
    // A number sign before a number (Office No. 39 / Office 39) says nothing the number does not.
    if (NUMBER_SIGNS.has(t) && /^\d+$/.test(a.core[k + 1] ?? '')) { rules.add('number'); return; }
    let word = t;
    let rule: NameRule | undefined;
    let weight = WEAK_COMPANY_WORDS.has(t) ? 0.3 : t.length === 1 ? 0.5 : 1;
    if (isConnector(t) && k > 0 && k < a.core.length - 1) {
      word = CONNECTOR;
      rule = 'connector';
      weight = CONNECTOR_WEIGHT;
    } else if (!a.abjad[k]) {
      const r = readWord(t);
      if (r) {
        word = r.word;
        rule = r.rule;
        weight = WEAK_COMPANY_WORDS.has(word) ? 0.3 : weight;
      }
    }
    if (rule) rules.add(rule);
    tokens.push(word);
    weights.push(weight);
    abjad.push(a.abjad[k]);
    read.push(rule);
  });
  if (!tokens.length) {
    tokens = [...a.core];
    weights = a.core.map(() => 1);
    abjad = [...a.abjad];
    read = a.core.map(() => undefined);
  }
  const glued = glueParticles(tokens, weights);
  if (glued.tokens.length !== tokens.length || glued.tokens.some((t, k) => t !== tokens[k])) {
    rules.add('particle');
    // A glued word has no script keys of its own; the others keep theirs.
    const keys = glued.last.map((k, g) => (glued.glued[g] ? undefined : abjad[k]));
    const reads = glued.last.map((k, g): NameRule | undefined => (glued.glued[g] ? 'particle' : read[k]));
    return { tokens: glued.tokens, weights: glued.weights, abjad: keys, read: reads, forms: [...a.forms], rules: [...rules] };
  }
  return { tokens, weights, abjad, read, forms: [...a.forms], rules: [...rules] };
}

/** The scoring words of a name; remembered, so callers copy the lists before changing them. */
export const scoringName: (name: string) => ScoringName = memoized(prepare, 20_000);
