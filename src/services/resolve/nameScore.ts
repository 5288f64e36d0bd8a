/** Name similarity of the resolve use case: token alignment of two names, order-insensitive. */
import { BODY_KIND_WORDS, WEAK_COMPANY_WORDS, allowedEdits, editDistance } from '../../domain/names';
import { compareKorean, latinConsonantKey, nameCore, numbersAgree } from '../../search/analysis';
import { abdKey, arabicContext, translitSpellings } from '../../search/analysis/arabic';
import { companyWordsAlike } from '../../search/analysis/companyWords';
import { compareChinese } from '../../search/analysis/romanisation';
import { slavicContext, slavicSpellings } from '../../search/analysis/slavic';
import { middleNames } from './middleNames';
import { NameRule, ScoringName, scoringName } from './scoringTokens';
import { TokenHow, tokenMatch } from './tokenMatch';

export { TokenHow, tokenMatch, tokenSimilarity } from './tokenMatch';


/** Name words, their weights, and per word the consonant keys of an Arabic- or Hebrew-script original (src/search/analysis/abjad.ts). */
export interface NameTokens { tokens: string[]; weights: number[]; abjad: (string[] | undefined)[]; read?: (NameRule | undefined)[] }

/** Name tokens for comparison: legal forms and titles dropped (unless nothing else is left), weak words weighted down. */
export function nameTokens(name: string): NameTokens {
  const { core: tokens, abjad } = nameCore(name);
  const weights = tokens.map((t) => (WEAK_COMPANY_WORDS.has(t) ? 0.3 : t.length === 1 ? 0.5 : 1));
  return { tokens, weights, abjad };
}

/** One query token's part in a name score: the candidate token it was paired with and how. */
export interface TokenExplanation { uploaded: string; matched: string | null; similarity: number; how: TokenHow; weight: number }

/**
 * Words split in one name and written as one in the other ("Fis cher" / "Fischer", "Oy-elaran"
 * / "Oyelaran", "Qa'ida" / "Qaeda"): two adjacent words of one side become one when together
 * they are within the allowed edits of a word of the other side that neither matches exactly.
 */
export function mergeSplitWords(q: NameTokens, c: NameTokens, fuzziness: number): [NameTokens, NameTokens] {
  const merge = (a: NameTokens, b: NameTokens): NameTokens => {
    const tokens = [...a.tokens];
    const weights = [...a.weights];
    const abjad = [...a.abjad];
    const read = a.read ? [...a.read] : tokens.map((): NameRule | undefined => undefined);
    // Letters written apart that the other side writes as one word (N A / NA, I B M / IBM): one word, in their order.
    for (let i = 0; i + 1 < tokens.length; i++) {
      let j = i;
      while (j < tokens.length && tokens[j].length === 1 && !/\d/.test(tokens[j])) j++;
      if (j - i < 2) continue;
      const joined = tokens.slice(i, j).join('');
      if (!b.tokens.includes(joined)) continue;
      tokens.splice(i, j - i, joined);
      weights.splice(i, j - i, 1);
      abjad.splice(i, j - i, undefined);
      read.splice(i, j - i, 'abbreviation');
    }
    for (let i = 0; i + 1 < tokens.length; i++) {
      const joined = tokens[i] + tokens[i + 1];
      if (joined.length < 4 || b.tokens.includes(tokens[i]) || b.tokens.includes(tokens[i + 1])) continue;
      const allowed = Math.min(allowedEdits(joined.length, fuzziness), 1);
      // Two words of Arabic or Hebrew script (عبد الله) merge when their keys read as one word of the other side (Abdullah).
      const keys = abjad[i] && abjad[i + 1] ? abjad[i]!.flatMap((x) => abjad[i + 1]!.map((y) => (x + y).replace(/(.)\1+/g, '$1'))) : undefined;
      const merges = b.tokens.some((t, k) => t.length >= 4 && (editDistance(joined, t, allowed) <= allowed
        // An Abd compound written apart (Abdi Nasir / Abd al-Nasir), "abdi" being also a name of its own.
        || (fuzziness > 0 && /^abe?d/.test(joined) && joined.length >= 6 && abdKey(joined) === abdKey(t))
        || (keys !== undefined && fuzziness > 0 && !b.abjad[k] && latinConsonantKey(t).length >= 3 && keys.includes(latinConsonantKey(t)))));
      if (merges) {
        tokens.splice(i, 2, joined);
        weights.splice(i, 2, Math.max(weights[i], weights[i + 1]));
        abjad.splice(i, 2, keys);
        read.splice(i, 2, undefined);
      }
    }
    return { tokens, weights, abjad, read };
  };
  const q2 = merge(q, c);
  return [q2, merge(c, q2)];
}

export interface NameMatch {
  similarity: number; common: number; fuzzy: number; tokens: TokenExplanation[]; numbers?: 'same' | 'different';
  /** The rules that read the two names as they were compared (list order, particles, middle name missing, ...). */
  rules: NameRule[];
}

export interface NameOptions {
  /**
   * Whether the names are a person's: middle names may be missing on one side. Undefined:
   * a person's unless either name carries a legal form.
   */
  person?: boolean;
  /**
   * How distinctive a word is in the graph (./distinctiveness.ts), 0..1; a word many entities
   * carry ("business", "trading") weighs as little as its share says. Not used for persons.
   */
  distinctiveness?: (word: string) => number;
}

/** Similarity of two words of an Arabic or East Slavic name that agree only by their transliteration skeleton. */
const TRANSLIT_SIMILARITY = 0.88;

/** Similarity of two company-name words that differ in an English ending (Managing / Management). */
const STEM_SIMILARITY = 0.9;
/** Similarity of a company-name word and the word it begins (Serv / Service). */
const ABBREVIATED_SIMILARITY = 0.85;

/** Similarity of two different generic words of company names, one on each side (Company / Institute). */
const OTHER_KIND_SIMILARITY = 0.6;

/** Hows of a word matched only approximately: a near word is no evidence when the words are generic. */
const APPROXIMATE: ReadonlySet<TokenHow> = new Set(['edit', 'phonetic', 'consonants']);

/**
 * Order-insensitive similarity of a query name and a candidate name, on their scoring words
 * (./scoringTokens.ts): each query word is paired with its best unused candidate word;
 * query coverage counts 80 %, candidate coverage 20 %. Then:
 *   - persons: a middle word (patronymic, second given name) one side lacks counts nearly as
 *     matched; a middle word on each side that pairs with nothing caps it at 0.7 (./middleNames.ts);
 *   - a distinctive word on each side left unpaired (John / James Smith) caps it at 0.75;
 *   - one paired word of a longer name is weak evidence (capped at 0.75);
 *   - initials paired out of their order (A.B.C. / C.B.A.) cap it at 0.7;
 *   - a company name whose distinctive words agree only approximately while its generic words
 *     agree (Vexor Business Corporation / Vexon Business Corporation) is capped at 0.8, unless
 *     the near word is one slip away;
 *   - the names written as one word ("IvanPetrov" / "Ivan Petrov", "Al Qa'ida" / "Al Qaeda")
 *     may lift it;
 *   - different numbers (Fund I / Fund II, Vessel 7 / Vessel 8) cap it at 0.5 whatever else agrees;
 *   - Korean names (src/search/analysis/korean.ts) of one family name are one name when their
 *     given names fold to one key (Lee Myung-bak / Lee Myong Bag), and two when they do not
 *     (Kim Yong-chol / Kim Yong-chun, capped as a different given name); Chinese names in
 *     Wade-Giles and pinyin (Mao Tse-tung / Mao Zedong) are one name when their keys agree;
 *     with fuzziness 0 only the cap applies.
 */
export function nameSimilarity(query: string, candidate: string, fuzziness: number, options: NameOptions = {}): NameMatch {
  const q0 = scoringName(query);
  const c0 = scoringName(candidate);
  const rules = new Set<NameRule>([...q0.rules, ...c0.rules]);
  const person = options.person ?? (q0.forms.length === 0 && c0.forms.length === 0);
  const weigh = (n: ScoringName): NameTokens => {
    if (person || !options.distinctiveness) return n;
    const weights = n.tokens.map((t, k) => Math.min(n.weights[k], Math.max(0.1, options.distinctiveness!(t))));
    if (weights.some((w, k) => w < n.weights[k])) rules.add('distinctiveness');
    return { ...n, weights };
  };
  const korean = compareKorean(q0.tokens, c0.tokens);
  const chinese = compareChinese(q0.tokens, c0.tokens);
  const [q, c] = mergeSplitWords(weigh(q0), weigh(c0), fuzziness);
  if (q.tokens.length === 0 || c.tokens.length === 0) return { similarity: 0, common: 0, fuzzy: 0, tokens: [], rules: [] };
  const pairs: { i: number; j: number; s: number; how: TokenHow }[] = [];
  // Words of a name that reads as Arabic may agree by their transliteration skeleton (Baqeri / Bagheri).
  const glued = (n: NameTokens) => n.tokens.map((_, k) => n.read?.[k] === 'particle');
  const arabic = fuzziness > 0 && (arabicContext(q.tokens, glued(q)) || arabicContext(c.tokens, glued(c)));
  // Words of a name that reads as East Slavic may agree in another romanisation (Uladzimir / Vladimir).
  const slavic = fuzziness > 0 && (slavicContext(q.tokens) || slavicContext(c.tokens));
  for (let i = 0; i < q.tokens.length; i++) {
    for (let j = 0; j < c.tokens.length; j++) {
      const m = tokenMatch(q.tokens[i], c.tokens[j], fuzziness, q.abjad[i], c.abjad[j], [q.read?.[i] === 'particle', c.read?.[j] === 'particle']);
      if (m.s > 0) pairs.push({ i, j, ...m });
      else if ((arabic && translitSpellings(q.tokens[i], c.tokens[j])) || (slavic && slavicSpellings(q.tokens[i], c.tokens[j]))) {
        pairs.push({ i, j, s: TRANSLIT_SIMILARITY, how: 'transliteration' });
      } else if (!person && fuzziness > 0) {
        const alike = companyWordsAlike(q.tokens[i], c.tokens[j]);
        if (alike) pairs.push({ i, j, s: alike === 'stem' ? STEM_SIMILARITY : ABBREVIATED_SIMILARITY, how: alike === 'stem' ? 'spelling' : 'abbreviation' });
      }
    }
  }
  pairs.sort((x, y) => y.s - x.s || Math.abs(x.i / q.tokens.length - x.j / c.tokens.length) - Math.abs(y.i / q.tokens.length - y.j / c.tokens.length));
  const qs = new Array<number>(q.tokens.length).fill(0);
  const cs = new Array<number>(c.tokens.length).fill(0);
  const pairOf = new Array<number>(q.tokens.length).fill(-1);
  const tokens: TokenExplanation[] = q.tokens.map((t, k) => ({ uploaded: t, matched: null, similarity: 0, how: 'none', weight: round3(q.weights[k]) }));
  const usedC = new Set<number>();
  for (const p of pairs) {
    if (pairOf[p.i] >= 0 || usedC.has(p.j)) continue;
    usedC.add(p.j);
    pairOf[p.i] = p.j;
    qs[p.i] = p.s;
    cs[p.j] = p.s;
    // A word read as what it stands for (Intl, Seven, bin) says so when it matched exactly.
    const read = p.how === 'exact' ? q.read?.[p.i] ?? c.read?.[p.j] : undefined;
    const how: TokenHow = read === 'abbreviation' || read === 'number' || read === 'connector' || read === 'particle' || read === 'translation' ? read : p.how;
    tokens[p.i] = { ...tokens[p.i], matched: c.tokens[p.j], similarity: round3(p.s), how };
    if (how === 'transliteration' || how === 'particle' || how === 'abbreviation' || how === 'number' || how === 'translation') rules.add(how);
  }
  // A word of what kind of body it is left on each side of a company name (Makin Company /
  // Makin Institute): one kind written as another says little either way; paired, at a low similarity.
  if (!person) {
    for (let i = 0; i < q.tokens.length; i++) {
      if (pairOf[i] >= 0 || !BODY_KIND_WORDS.has(q.tokens[i])) continue;
      const j = c.tokens.findIndex((t, k) => !usedC.has(k) && cs[k] === 0 && BODY_KIND_WORDS.has(t));
      if (j < 0) continue;
      usedC.add(j);
      pairOf[i] = j;
      qs[i] = cs[j] = OTHER_KIND_SIMILARITY;
      tokens[i] = { ...tokens[i], matched: c.tokens[j], similarity: OTHER_KIND_SIMILARITY, how: 'other-kind' };
    }
  }
  const credited: boolean[] = [];
  const middle = person ? middleNames(qs, q.weights, cs, c.weights, credited) : undefined;
  if (middle === 'missing') {
    rules.add('middle-name-missing');
    credited.forEach((x, k) => { if (x) tokens[k] = { ...tokens[k], how: 'middle-name-missing' }; });
  }
  const cover = (sims: number[], w: number[]) => sims.reduce((s, x, k) => s + x * w[k], 0) / w.reduce((s, x) => s + x, 0);
  let similarity = 0.8 * cover(qs, q.weights) + 0.2 * cover(cs, c.weights);
  // A company name found whole inside the other (Daesong Trading / Korea Daesong General
  // Trading Corporation): the longer name's extra words are a fuller form, not another party.
  const contained = !person && containedName(q, c, qs, cs);
  if (contained) {
    rules.add('contained');
    similarity = Math.max(similarity, 0.8 * Math.max(cover(qs, q.weights), cover(cs, c.weights)) + 0.2 * Math.min(cover(qs, q.weights), cover(cs, c.weights)));
  }
  const common = qs.filter((s, k) => s === 1 && pairOf[k] >= 0).length;
  const fuzzy = qs.filter((s, k) => s > 0 && s < 1 && pairOf[k] >= 0).length;
  const differsInOne = person && oneNameDiffers(q, c, qs, cs, arabic);
  if (middle === 'conflict' && !differsInOne) {
    rules.add('middle-name-conflict');
    similarity = Math.min(similarity, 0.7);
  }
  // A distinctive word on each side left unpaired: another party (a generic word, weight under 0.5, is no such word in a company name).
  const unpaired = (sims: number[], toks: string[], w: number[]) => sims.some((s, k) => s === 0 && toks[k].length > 1 && (person || w[k] >= 0.5));
  if (differsInOne) {
    // A long chain (Abdallah Hadi Abd al-Rahman Fihan Shiryan al-Anizi / ... Fayhan Sharban al-Anizi)
    // that agrees but for one word on each side: a list's other spelling or another
    // grandfather's name, too much agreement for a weak match, too little for more than just strong.
    rules.add('one-name-differs');
    const credit = (sims: number[], w: number[]) => sims.reduce((s, x, k) => s + (x === 0 && w[k] >= 0.5 ? ONE_DIFFERS_CREDIT : x) * w[k], 0) / w.reduce((s, x) => s + x, 0);
    similarity = Math.min(ONE_DIFFERS_CAP, 0.8 * credit(qs, q.weights) + 0.2 * credit(cs, c.weights));
  } else if (unpaired(qs, q.tokens, q.weights) && unpaired(cs, c.tokens, c.weights)) similarity = Math.min(similarity, 0.75);
  // One matched word of a longer name is weak evidence (an initial counts for its word),
  // unless it is a company's one distinctive word, written whole in the other name.
  const strongMatched = qs.filter((s, k) => s >= 0.7 && q.weights[k] >= 0.5).length;
  const strong = (w: number[]) => w.filter((x) => x >= 0.5).length;
  if (strongMatched <= 1 && Math.max(strong(q.weights), strong(c.weights)) > 1 && !(contained && soleWordContained(q, c, qs, cs))) similarity = Math.min(similarity, 0.75);
  if (initialsOutOfOrder(q.tokens, c.tokens, pairOf)) {
    rules.add('initials-order');
    similarity = Math.min(similarity, 0.7);
  }
  if (!person && nearOnlyInDistinctive(q, c, tokens, pairOf)) {
    rules.add('distinctiveness');
    similarity = Math.min(similarity, 0.8);
  }
  const qJoined = q.tokens.join('');
  const cJoined = c.tokens.join('');
  if (q.tokens.length !== c.tokens.length && Math.min(qJoined.length, cJoined.length) >= 6) {
    const allowed = Math.min(allowedEdits(Math.max(qJoined.length, cJoined.length), fuzziness), 2);
    const d = editDistance(qJoined, cJoined, allowed);
    if (d <= allowed && 0.97 - (0.6 * d) / cJoined.length > similarity) {
      similarity = 0.97 - (0.6 * d) / cJoined.length;
      for (const t of tokens) if (t.how === 'none') t.how = 'joined';
    }
  }
  if (korean?.given === 'different') similarity = Math.min(similarity, 0.75);
  else if (fuzziness > 0 && (korean?.surname || chinese) && similarity < 0.95) {
    similarity = 0.95;
    rules.add('romanisation');
    for (const t of tokens) if (t.how === 'none' || t.how === 'edit') t.how = 'romanisation';
  }
  const numbers = numbersAgree(q.tokens, c.tokens);
  if (numbers === 'different') similarity = Math.min(similarity, 0.5);
  if (q0.forms.length || c0.forms.length) rules.add('legal-form');
  return { similarity: Math.min(1, similarity), common, fuzzy, tokens, rules: [...rules].sort(), ...(numbers ? { numbers } : {}) };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Coverage an unpaired word of a chain that differs in one word counts, and the similarity such a chain reaches at most. */
const ONE_DIFFERS_CREDIT = 0.5;
const ONE_DIFFERS_CAP = 0.86;
/** Words of a person's name, on each side, that must agree for one word more on each side to be no conflict. */
const ONE_DIFFERS_AGREEING = 3;

/**
 * Whether two person names agree in their first word and in at least three words of weight
 * 0.5 and more on each side, with exactly one such word on each side left unpaired, a middle
 * word (or a last word: in an Arabic name written with the article, a nisba, al-Tikriti /
 * al-Bayjat; a married name, de Cabello): a patronymic chain in which one link is written
 * otherwise, not another person. A second family name that differs (Rivera Cardona / Rivera
 * Maradiaga) is another person.
 */
function oneNameDiffers(q: NameTokens, c: NameTokens, qs: number[], cs: number[], arabic: boolean): boolean {
  const strong = (sims: number[], w: number[]) => sims.filter((s, k) => s >= 0.7 && w[k] >= 0.5).length;
  const left = (sims: number[], n: NameTokens) => sims.map((s, k) => (s === 0 && n.weights[k] >= 0.5 && n.tokens[k].length > 1 ? k : -1)).filter((k) => k >= 0);
  const lq = left(qs, q);
  const lc = left(cs, c);
  if (lq.length !== 1 || lc.length !== 1 || qs[0] < 0.7 || cs[0] < 0.7) return false;
  if (strong(qs, q.weights) < ONE_DIFFERS_AGREEING || strong(cs, c.weights) < ONE_DIFFERS_AGREEING) return false;
  const middle = (k: number, n: NameTokens) => k > 0 && k < n.tokens.length - 1;
  const last = (k: number, n: NameTokens) => k === n.tokens.length - 1;
  const glued = (k: number, n: NameTokens, particle: RegExp) => n.read?.[k] === 'particle' && particle.test(n.tokens[k]);
  // A married name (Contreras de Cabello / Contreras Hernandez) is the same woman's second family name.
  const lastAlike = (arabic && (glued(lq[0], q, /^(?:al|el)/) || glued(lc[0], c, /^(?:al|el)/))) || glued(lq[0], q, /^del?[a-z]/) || glued(lc[0], c, /^del?[a-z]/);
  const middleOrMarried = (k: number, n: NameTokens) => middle(k, n) || (last(k, n) && glued(k, n, /^del?[a-z]/));
  return (middleOrMarried(lq[0], q) && middleOrMarried(lc[0], c)) || (last(lq[0], q) && last(lc[0], c) && lastAlike);
}

/**
 * Whether one company name is found whole in the other: every word of one side (a
 * distinctive one among them) is paired, and what the other side has more is not a second
 * distinctive word against a distinctive word of the first (that would be another party).
 */
function containedName(q: NameTokens, c: NameTokens, qs: number[], cs: number[]): boolean {
  const whole = (sims: number[], w: number[]) => sims.every((s) => s > 0) && sims.some((s, k) => s >= 0.85 && w[k] >= 0.5);
  return whole(qs, q.weights) || whole(cs, c.weights);
}

/**
 * Whether the contained side is one distinctive word (Rastafann / Rastafann Ertebat
 * Engineering Company) of five letters or more, distinctive in the graph, found as written or
 * nearly (Stroyproekt / Institut Stroiproekt AO).
 */
function soleWordContained(q: NameTokens, c: NameTokens, qs: number[], cs: number[]): boolean {
  const sole = (n: NameTokens, sims: number[]) => {
    const strong = n.weights.map((w, k) => (w >= 0.5 ? k : -1)).filter((k) => k >= 0);
    return strong.length === 1 && n.weights[strong[0]] >= 1 && sims[strong[0]] >= 0.9 && n.tokens[strong[0]].length >= 5 && sims.every((s) => s > 0);
  };
  return sole(q, qs) || sole(c, cs);
}

/** Initials (one-letter words) of both names paired in another order than they are written (A.B.C. / C.B.A.). */
function initialsOutOfOrder(q: string[], c: string[], pairOf: number[]): boolean {
  let last = -1;
  let crossed = false;
  q.forEach((t, i) => {
    const j = pairOf[i];
    if (t.length !== 1 || j < 0 || c[j].length !== 1) return;
    if (j < last) crossed = true;
    last = j;
  });
  return crossed;
}

/**
 * Whether every distinctive word of a company name (weight 0.5 and more) agrees only
 * approximately while a generic word agrees: then the generic words would carry the score.
 * A near word one edit away (five letters or more) is a slip, and counts as agreeing.
 */
function nearOnlyInDistinctive(q: NameTokens, c: NameTokens, tokens: TokenExplanation[], pairOf: number[]): boolean {
  const distinctive = tokens.map((t, k) => k).filter((k) => q.weights[k] >= 0.5);
  if (!distinctive.length) return false;
  const approximate = distinctive.filter((k) => APPROXIMATE.has(tokens[k].how)
    && !(q.tokens[k].length >= 5 && editDistance(q.tokens[k], c.tokens[pairOf[k]], 1) <= 1));
  const genericMatched = tokens.some((t, k) => q.weights[k] < 0.5 && pairOf[k] >= 0);
  return approximate.length === distinctive.length && genericMatched;
}
