/**
 * The mechanical tests that tag an independent name pair (bench/data/independent-pairs) with the
 * class of its difference, and the token helpers they share with the set's derivation.
 * Each test reads only the two names, the entity type and the label; the first test that holds
 * names the class (order in `pairClass`). The word lists are spelling facts written here, not
 * taken from the scorer, so that the set does not measure the scorer's own rules.
 */

export type PairType = 'person' | 'company' | 'organization' | 'vessel';

export const CLASSES = ['1-middle', '2-arabic', '3-company-writing', '4-joined-split', '5-slip', '6-script', '7-abbreviation', '8-order',
  '9-initials-order', '10-generic-company', 'other'] as const;
export type PairClass = (typeof CLASSES)[number];

const words = (s: string): Set<string> => new Set(s.split(' '));
export const ARABIC_PARTICLES = words('al el ul ad ar as ash at az adh an bin ibn ben bint bent abu abou abd abdul abdel abdal abdoul abdu abdol ould wuld');
export const EURO_PARTICLES = words('van von der den de la le du da das dos del della di do ter ten zu y vander vanden');
export const HONORIFICS = words('mr mrs ms miss dr doctor prof sheikh shaykh shaikh sheik haji hajji hajj alhaj alhaji mullah mulla maulawi mawlawi maulvi mawlana maulana sayyed sayyid sayed syed general gen colonel col major captain capt lieutenant lt commander sir u daw imam emir amir qari hafiz');
/** Common Arabic given names, compared by consonant skeleton so that every spelling counts. */
const ARABIC_NAMES = ('muhammad ahmad ali hasan husayn abdullah khalid ibrahim yusuf umar uthman mustafa said salih jamal mahmud hamid rashid nasir sulayman ismail yasin tariq faisal karim aziz rahman jabir qasim hamza musa isa zayd '
  + 'yahya hatim kamal adil nabil walid khalil mansur samir jamil anwar munir bashir ayyub zubayr hisham hashim fawwaz nasr ammar usama').split(' ');
/** Western legal forms: each spelling and its canonical code. */
const WESTERN_FORMS: [string, string][] = [
  ['sociedad anonima de capital variable', 'sa de cv'], ['sociedad de responsabilidad limitada', 'srl'], ['asociacion civil', 'ac'],
  ['compania', 'co'], ['cia', 'co'], ['limitada', 'ltd'], ['ltda', 'ltd'],
  ['limited liability company', 'llc'], ['public limited company', 'plc'], ['limited', 'ltd'], ['incorporated', 'inc'], ['corporation', 'corp'],
  ['company', 'co'], ['sociedad anonima', 'sa'], ['societe anonyme', 'sa'], ['aktiengesellschaft', 'ag'], ['gesellschaft mit beschrankter haftung', 'gmbh'],
  ['private limited', 'pvt ltd'], ['private', 'pvt'], ['sendirian berhad', 'sdn bhd'], ['establishment', 'est'], ['&', 'and'],
  ['limited liability partnership', 'llp'], ['anonim sirketi', 'as'], ['limited sirketi', 'ltd sti'], ['sirketi', 'sti'],
];
/** CIS legal forms: transliterated, translated and abbreviated spellings, with a code per form. */
const CIS_FORMS: [string, string][] = [
  ['obshchestvo s ogranichennoi otvetstvennostyu', 'cis-llc'], ['obshchestvo s ogranichennoy otvetstvennostyu', 'cis-llc'], ['ooo', 'cis-llc'],
  ['tovarystvo z obmezhenoyu vidpovidalnistyu', 'cis-llc'], ['tov', 'cis-llc'],
  ['otkrytoe aktsionernoe obshchestvo', 'cis-ojsc'], ['otkrytoye aktsionernoye obshchestvo', 'cis-ojsc'], ['open joint stock company', 'cis-ojsc'], ['oao', 'cis-ojsc'], ['ojsc', 'cis-ojsc'],
  ['zakrytoe aktsionernoe obshchestvo', 'cis-cjsc'], ['zakrytoye aktsionernoye obshchestvo', 'cis-cjsc'], ['closed joint stock company', 'cis-cjsc'], ['zao', 'cis-cjsc'], ['cjsc', 'cis-cjsc'],
  ['publichnoe aktsionernoe obshchestvo', 'cis-pjsc'], ['publichnoye aktsionernoye obshchestvo', 'cis-pjsc'], ['public joint stock company', 'cis-pjsc'], ['pao', 'cis-pjsc'], ['pjsc', 'cis-pjsc'],
  ['aktsionernoe obshchestvo', 'cis-jsc'], ['aktsionernoye obshchestvo', 'cis-jsc'], ['joint stock company', 'cis-jsc'], ['ao', 'cis-jsc'], ['jsc', 'cis-jsc'],
  ['federalnoe gosudarstvennoe unitarnoe predpriyatie', 'cis-fgup'], ['fgup', 'cis-fgup'], ['gosudarstvennoe unitarnoe predpriyatie', 'cis-gup'], ['gup', 'cis-gup'],
  ['nauchno proizvodstvennoe obedinenie', 'cis-npo'], ['npo', 'cis-npo'],
];
export const LEGAL_WORDS = new Set([...WESTERN_FORMS, ...CIS_FORMS].flatMap(([a, b]) => [...a.split(' '), ...b.split(' ')]).filter((w) => !w.startsWith('cis-') && w !== 'and' && w !== '&'));
const NUMBER_WORDS = words('zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand first second third fourth fifth');
const STOP = words('of the and for in on at to a');

/** Lower case, diacritics and apostrophes dropped, other punctuation a space. */
export function fold(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’‘`ʿʾ]/g, '').replace(/[^\p{L}\p{N}&]+/gu, ' ').trim();
}
export const tokens = (name: string): string[] => fold(name).split(' ').filter(Boolean);
/** Tokens that name the party: not particles, honorifics, legal forms, stop words or single letters. */
export const significant = (name: string): string[] => tokens(name).filter((t) => t.length > 1 && !ARABIC_PARTICLES.has(t) && !EURO_PARTICLES.has(t) && !HONORIFICS.has(t) && !LEGAL_WORDS.has(t) && !STOP.has(t));

export function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}
/** Consonants only, doubled letters once: muhammad, mohamed -> mhmd. */
export const skeleton = (t: string): string => t.replace(/[aeiouyw]/g, '').replace(/(.)\1+/g, '$1');
/** Two tokens are spellings of one word: equal, or close in edits, or equal in consonants. */
export function similar(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 3 || b.length < 3) return false;
  if (skeleton(a).length >= 2 && skeleton(a) === skeleton(b)) return true;
  return 1 - levenshtein(a, b) / Math.max(a.length, b.length) >= 0.6;
}
/** Share of `from`'s tokens that have a similar token in `to`. */
export function covered(from: string[], to: string[]): number {
  return from.length ? from.filter((t) => to.some((u) => similar(t, u))).length / from.length : 0;
}

/** The script of a name's letters other than Latin, or '' for Latin only. */
export function otherScript(name: string): string {
  if (/\p{Script=Arabic}/u.test(name)) return 'arabic';
  const m = name.match(/[\p{L}]/gu)?.find((ch) => !/\p{Script=Latin}/u.test(ch));
  return m ? 'other' : '';
}
const ARABIC_KEYS = new Set(ARABIC_NAMES.map((n) => `${n[0]}${skeleton(n)}`));
const isArabicName = (toks: string[]): boolean => toks.some((t) => ARABIC_PARTICLES.has(t) || t.startsWith('abd') || ARABIC_KEYS.has(`${t[0]}${skeleton(t)}`));

/** A company name with punctuation, leading article and legal forms brought to one writing. */
function writingKey(name: string, forms: [string, string][]): string {
  let s = ` ${name.replace(/&/g, ' and ').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\b(\p{L})\.(?=\p{L}\.)/gu, '$1').replace(/\b(\p{L})\.(?=\s|$)/gu, '$1')
    .replace(/['’‘`]/g, '').replace(/[^\p{L}\p{N}&]+/gu, ' ').trim()} `;
  s = s.replace(/^ the /, ' ');
  for (const [long, code] of forms) s = s.split(` ${long} `).join(` ${code} `);
  return s.trim().replace(/\s+/g, ' ');
}
const cisKey = (name: string): string => writingKey(name, [...CIS_FORMS, ...WESTERN_FORMS]);
const hasCis = (name: string): boolean => cisKey(name).split(' ').some((t) => t.startsWith('cis-'));

/** Dotted or capital initials of a name (A.B.C., ABC), in order; '' when it has none. */
function initials(name: string): string {
  const dotted = name.match(/\b(?:\p{L}\.\s?){2,}/u)?.[0];
  if (dotted) return dotted.replace(/[.\s]/g, '').toLowerCase();
  return name.split(/\s+/).find((w) => /^\p{Lu}{2,5}$/u.test(w) && w !== name.toUpperCase().split(/\s+/)[0])?.toLowerCase() ?? '';
}
const sorted = (s: string): string => [...s].sort().join('');

/** Acronym test: a token of one side spells the first letters of the other's words. */
function acronymOf(short: string[], long: string[]): boolean {
  const letters = long.filter((t) => !STOP.has(t)).map((t) => t[0]).join('');
  const all = long.map((t) => t[0]).join('');
  return short.some((t) => t.length >= 2 && (t === letters || t === all));
}

/** The class of a pair's difference (see bench/data/independent-pairs/README.md for the tests in words). */
export function pairClass(query: string, listed: string, type: PairType, match: boolean): PairClass {
  const script = otherScript(query) || otherScript(listed);
  if (script) return script === 'arabic' ? '2-arabic' : '6-script';
  const q = tokens(query), l = tokens(listed);
  const company = type === 'company' || type === 'organization';
  if (!match) {
    const a = initials(query), b = initials(listed);
    if (a && b && a !== b && sorted(a) === sorted(b)) return '9-initials-order';
    if (company) {
      const qs = significant(query), ls = significant(listed);
      const qOnly = qs.filter((t) => !ls.includes(t)), lOnly = ls.filter((t) => !qs.includes(t));
      if (qOnly.length === 1 && lOnly.length === 1 && qs.length >= 2 && ls.length >= 2) return '10-generic-company';
    }
    return isArabicName(q) && isArabicName(l) ? '2-arabic' : 'other';
  }
  if (type !== 'person' && writingKey(query, WESTERN_FORMS) === writingKey(listed, WESTERN_FORMS)) return '3-company-writing';
  if (q.join(' ') === l.join(' ')) {
    // A person's name differing in punctuation or case only: apostrophes and hyphens of a romanisation, or an Arabic particle's hyphen.
    if (isArabicName(q)) return '2-arabic';
    return q.every((t) => t.length <= 5) && /['’-]/.test(query + listed) ? '6-script' : '4-joined-split';
  }
  if (type !== 'person') {
    // The same words in another order: a legal form moved (writing) or the naming words moved (order).
    const wq = writingKey(query, WESTERN_FORMS).split(' '), wl = writingKey(listed, WESTERN_FORMS).split(' ');
    const bare = (w: string[]) => w.filter((t) => !LEGAL_WORDS.has(t)).join(' ');
    if ([...wq].sort().join(' ') === [...wl].sort().join(' ')) return bare(wq) === bare(wl) ? '3-company-writing' : '8-order';
  }
  if (q.length === l.length && [...q].sort().join(' ') === [...l].sort().join(' ')) return '8-order';
  const qc = q.join(''), lc = l.join('');
  if (qc === lc) {
    if (isArabicName([...q, ...l]) && [...q, ...l].some((t) => ARABIC_PARTICLES.has(t) || t.startsWith('abd'))) return '2-arabic';
    if (type === 'person' && /-/.test(query + listed) && [...q, ...l].every((t) => t.length <= 5) && ![...q, ...l].some((t) => EURO_PARTICLES.has(t))) return '6-script';
    return '4-joined-split';
  }
  const [cq, cl] = type === 'person' ? [q, l] : [writingKey(query, WESTERN_FORMS).split(' '), writingKey(listed, WESTERN_FORMS).split(' ')];
  const [short, long] = cq.length < cl.length ? [cq, cl] : [cl, cq];
  if (short.length < long.length && short.every((t) => long.includes(t))) {
    const extra = long.filter((t) => !short.includes(t));
    if (type === 'person') {
      if (extra.some((t) => t.length > 1 && !ARABIC_PARTICLES.has(t) && !HONORIFICS.has(t) && !EURO_PARTICLES.has(t))) return '1-middle';
      if (extra.some((t) => ARABIC_PARTICLES.has(t))) return '2-arabic';
      return 'other';
    }
    if (extra.every((t) => LEGAL_WORDS.has(t) || t === 'the')) return hasCis(query) || hasCis(listed) ? '7-abbreviation' : '3-company-writing';
  }
  if (company && (hasCis(query) || hasCis(listed))) {
    const strip = (s: string) => cisKey(s).split(' ').filter((t) => !t.startsWith('cis-') && !LEGAL_WORDS.has(t)).join(' ');
    if (strip(query) === strip(listed) || cisKey(query) === cisKey(listed) || hasCis(query) !== hasCis(listed)) return '7-abbreviation';
  }
  const digits = (t: string[]) => t.some((x) => /\d/.test(x)), numberWords = (t: string[]) => t.some((x) => NUMBER_WORDS.has(x));
  if ((digits(q) && numberWords(l)) || (digits(l) && numberWords(q))) return '7-abbreviation';
  if (acronymOf(q, l) || acronymOf(l, q)) return '7-abbreviation';
  if (/\p{L}'\p{L}{1,2}\b/u.test(query + ' ' + listed) && company) return '7-abbreviation';
  if (company && q.some((t) => t.length >= 3 && !l.includes(t) && l.some((u) => u.length > t.length + 2 && u.startsWith(t)))) return '7-abbreviation';
  if (isArabicName([...q, ...l])) return '2-arabic';
  // A middle name or patronymic on one side, the other words spelt alike.
  if (type === 'person' && short.length < long.length && covered(short, long) === 1 && covered(long, short) < 1) return '1-middle';
  const qOnly = q.filter((t) => !l.includes(t)), lOnly = l.filter((t) => !q.includes(t));
  if (q.length === l.length && qOnly.length === 1 && lOnly.length === 1 && Math.min(qOnly[0].length, lOnly[0].length) >= 6 && levenshtein(qOnly[0], lOnly[0]) <= 2) return '5-slip';
  if (qOnly.length && lOnly.length && qOnly.every((t) => lOnly.some((u) => similar(t, u))) && lOnly.every((t) => qOnly.some((u) => similar(t, u)))) return '6-script';
  return 'other';
}
