/**
 * The labelled resolution set: queries built from a generated graph (src/seed/generator.ts,
 * seed 1) with the entity each one should resolve to, or none for true non-matches.
 * Deterministic: the same graph size gives the same set; `bench/data/resolve-set-<n>.json`
 * keeps the one for the default size in the repository.
 *
 * Kinds: exact (control), typo (one edit in a long word), translit (another romanisation, or
 * the Latin name written in Cyrillic), order (words reversed), form (company form changed,
 * spelled out, dotted or dropped), dob-missing, dob-conflict (name exact, another birth
 * year), id-only, id-conflict (name variant with a wrong identifier), id-plus-typo, and
 * nonmatch (invented words, or real words in a combination no entity has, where a word also
 * counts as had when an entity has one of the same sound or skeleton, and legal forms count by
 * their canonical form: "Mikhail Smith" beside a "Michael Smith", or "Greenway Resources LP"
 * beside a "Greenway Resources SCSp", are variants the resolver is right to name, not true
 * non-matches; "Crownport Holdings LLC" beside a "Crownport Holdings GmbH" is one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { analyze, foldWord, skeleton } from '../src/domain/names';
import { nameCore, phoneticKey } from '../src/search/analysis';
import { generateLines } from '../src/seed/generator';
import { Rng } from '../src/seed/random';

export interface LabelledQuery {
  kind: string;
  expected: string | null;
  name?: string;
  identifier?: string;
  dob?: string;
  country?: string;
}

type Line = { id: string; type: string; label: string; attributes: { field: string; value: string; type?: string }[] };


const LATIN_TO_CYRILLIC: [string, string][] = [
  ['shch', 'щ'], ['sh', 'ш'], ['ch', 'ч'], ['kh', 'х'], ['zh', 'ж'], ['ts', 'ц'], ['yu', 'ю'], ['ya', 'я'], ['yo', 'ё'],
  ['a', 'а'], ['b', 'б'], ['v', 'в'], ['g', 'г'], ['d', 'д'], ['e', 'е'], ['z', 'з'], ['i', 'и'], ['y', 'й'], ['k', 'к'],
  ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['r', 'р'], ['s', 'с'], ['t', 'т'], ['u', 'у'], ['f', 'ф'],
  ['h', 'х'], ['c', 'к'], ['w', 'в'], ['x', 'кс'], ['j', 'дж'], ['q', 'к'],
];

function toCyrillic(latin: string): string {
  return latin.split(' ').map((word) => {
    let w = foldWord(word).replace(/[^a-z]/g, '');
    let out = '';
    while (w) {
      const hit = LATIN_TO_CYRILLIC.find(([l]) => w.startsWith(l));
      if (!hit) {
        w = w.slice(1);
        continue;
      }
      out += hit[1];
      w = w.slice(hit[0].length);
    }
    return out.charAt(0).toUpperCase() + out.slice(1);
  }).filter(Boolean).join(' ');
}

/** Another common romanisation of a (Russian-style) Latin name. */
function reromanise(name: string): string {
  return name
    .replace(/ei\b/g, 'ey').replace(/ii\b/g, 'iy').replace(/\bYe/g, 'E').replace(/ks/g, 'x').replace(/kh/g, 'h')
    .replace(/(?<=[a-z])i\b/g, 'y').replace(/ya/g, 'ia').replace(/yu/g, 'iu').replace(/ov\b/g, 'off');
}

function typo(word: string, rng: Rng): string {
  const i = 1 + rng.int(word.length - 2);
  switch (rng.int(3)) {
    case 0: return word.slice(0, i) + word.slice(i + 1); // deletion
    case 1: return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2); // transposition
    default: {
      const letters = 'aeiourstnlm';
      let c = rng.pick([...letters]);
      if (c === word[i]) c = c === 'a' ? 'e' : 'a';
      return word.slice(0, i) + c + word.slice(i + 1); // substitution
    }
  }
}

const FORM_SWAPS: [RegExp, string[]][] = [
  [/ Limited$/, [' Ltd', ' LTD.', '']],
  [/ Ltd\.?$/, [' Limited', ' L.T.D.', '']],
  [/ LLC$/, [' L.L.C.', ' Limited Liability Company', ' OOO', '']],
  [/ Inc\.$/, [' Incorporated', ' Inc', '']],
  [/ Corp\.$/, [' Corporation', '']],
  [/ GmbH$/, [' G.m.b.H.', '']],
  [/ OOO$/, [' LLC', ' ООО', '']],
  [/ B\.V\.$/, [' BV', '']],
  [/ PLC$/, [' P.L.C.', ' plc', '']],
  [/ AG$/, [' Aktiengesellschaft', '']],
];

const INVENTED = ['Quorvath', 'Zelbrix', 'Dranfeld', 'Vostrikane', 'Plumwether', 'Xandarov', 'Kelvorn', 'Trimbleck', 'Oszkarin', 'Yarrowbend',
  'Fenquist', 'Morbaine', 'Glistrov', 'Halvexa', 'Brunthal', 'Wexmoor', 'Ulthane', 'Corvastin', 'Jandrel', 'Sprockwell'];
const INVENTED_KIND = ['Dynamics', 'Aquatics', 'Fabrications', 'Orchards', 'Textiles', 'Robotics', 'Breweries', 'Ceramics'];

/** A name as a bag of words: company forms and initials left out (two names with the same key are ambiguous). */
const coreKey = (name: string): string => analyze(name).filter((t) => !t.form && (t.text.length > 1 || /\d/.test(t.text))).map((t) => t.text).sort().join(' ');

/**
 * A word, its skeleton and its phonetic key, as set members. The key only when it has three
 * letters: Double Metaphone codes are cut at four, and a cut code is shared by words the
 * resolver tells apart (Vectorwood / Vectorford), as the resolver's phonetic rule does.
 */
const wordKeys = (word: string): string[] => {
  const code = phoneticKey(word);
  return [word, `sk:${skeleton(word)}`, ...(code.length === 3 ? [`ph:${code}`] : [])];
};

/** The keys of a name's words (wordKeys) and of its canonical legal forms. */
const nameKeys = (name: string): string[] => {
  const { core, forms } = nameCore(name);
  return [...core.flatMap(wordKeys), ...forms.map((f) => `form:${f}`)];
};

export function buildLabelledSet(entities: number, size = 600): LabelledQuery[] {
  const lines: Line[] = [];
  for (const text of generateLines({ entities, seed: 1 })) {
    if (!text.startsWith('{"kind":"entity"')) continue;
    lines.push(JSON.parse(text) as Line);
  }
  const names = (e: Line) => e.attributes.filter((a) => a.field === 'name').map((a) => a.value);
  // How many entities share each name (as a bag of words): ambiguous names make no label.
  const freq = new Map<string, number>();
  const tokenSets: Set<string>[] = [];
  for (const e of lines) {
    const keys = new Set(names(e).map(coreKey));
    for (const k of keys) freq.set(k, (freq.get(k) ?? 0) + 1);
    tokenSets.push(new Set(names(e).flatMap(nameKeys)));
  }
  const index = (id: string) => Number(id.split('-').pop());
  // Person names repeat a lot in generated data: a person is a fair target when no other
  // person with the same name has a compatible date of birth.
  const dobOf = (e: Line) => e.attributes.find((a) => a.field === 'date_of_birth')?.value;
  const byName = new Map<string, string[]>();
  for (const e of lines) {
    if (e.type !== 'person') continue;
    const k = coreKey(e.label);
    byName.set(k, [...(byName.get(k) ?? []), dobOf(e) ?? '']);
  }
  const compatible = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);
  const eligible = lines.filter((e) => {
    const i = index(e.id);
    if (i % 100 === 50 || i % 100 === 51) return false; // possibly-same-as pairs
    if (e.type === 'company') return names(e).every((n) => freq.get(coreKey(n)) === 1);
    if (e.type !== 'person') return false;
    const dob = dobOf(e);
    if (!dob || dob.length < 10) return false;
    return byName.get(coreKey(e.label))!.filter((d) => compatible(d, dob)).length === 1;
  });
  const rng = new Rng().reseed(12345);
  const out: LabelledQuery[] = [];
  const positives = Math.round(size * 0.85);
  const kinds = ['exact', 'typo', 'translit', 'order', 'form', 'dob-missing', 'dob-conflict', 'id-only', 'id-conflict', 'id-plus-typo'];
  let guard = 0;
  while (out.length < positives && guard++ < positives * 50) {
    const e = rng.pick(eligible);
    const kind = kinds[out.length % kinds.length];
    const latin = e.label;
    const dob = e.attributes.find((a) => a.field === 'date_of_birth')?.value;
    const id = e.attributes.find((a) => a.field === 'identifier')?.value;
    const country = e.attributes.find((a) => a.field === 'country')?.value;
    const person = e.type === 'person';
    const words = latin.split(' ');
    const longest = words.reduce((a, w, k) => (w.length > words[a].length ? k : a), 0);
    const q: LabelledQuery = { kind, expected: e.id };
    switch (kind) {
      case 'exact':
        q.name = latin;
        if (person && dob) q.dob = dob;
        break;
      case 'typo':
        if (words[longest].length < 6) continue;
        q.name = words.map((w, k) => (k === longest ? typo(w, rng) : w)).join(' ');
        if (person && dob) q.dob = dob;
        break;
      case 'translit': {
        if (!person) continue;
        const alt = reromanise(latin);
        q.name = alt !== latin && rng.next() < 0.5 ? alt : toCyrillic(latin);
        if (dob) q.dob = dob;
        break;
      }
      case 'order':
        q.name = [...words].reverse().join(' ');
        if (person && dob) q.dob = dob;
        break;
      case 'form': {
        if (person) continue;
        const swap = FORM_SWAPS.find(([re]) => re.test(latin));
        if (!swap) continue;
        q.name = latin.replace(swap[0], rng.pick(swap[1]));
        q.country = country;
        break;
      }
      case 'dob-missing':
        // Without a date of birth a generated person's name is ambiguous: the passport decides.
        if (!person || !id) continue;
        q.name = latin;
        q.identifier = id;
        break;
      case 'dob-conflict': {
        if (!person || !dob || !id) continue;
        q.name = latin;
        q.identifier = id;
        q.dob = `${Number(dob.slice(0, 4)) + 7}${dob.slice(4)}`;
        break;
      }
      case 'id-only':
        if (!id || id.replace(/\D/g, '').length < 6) continue;
        q.identifier = id;
        break;
      case 'id-conflict':
        if (!id) continue;
        q.name = words.map((w, k) => (k === longest && w.length >= 6 ? typo(w, rng) : w)).join(' ');
        q.identifier = id.replace(/\d/g, (d) => String((Number(d) + 3) % 10));
        if (person && dob) q.dob = dob;
        break;
      case 'id-plus-typo':
        if (!id || words[longest].length < 6) continue;
        q.name = words.map((w, k) => (k === longest ? typo(typo(w, rng), rng) : w)).join(' ');
        q.identifier = id.replace(/[\s-]/g, '');
        break;
    }
    out.push(q);
  }
  // True non-matches: invented words, or two real words that no entity has together.
  const persons = lines.filter((e) => e.type === 'person');
  const companies = lines.filter((e) => e.type === 'company');
  while (out.length < size) {
    const k = out.length % 4;
    let name: string;
    if (k === 0) name = `${rng.pick(persons).label.split(' ')[0]} ${rng.pick(INVENTED)}`;
    else if (k === 1) name = `${rng.pick(INVENTED)} ${rng.pick(INVENTED_KIND)} ${rng.pick(['Ltd', 'LLC', 'GmbH', 'Limited'])}`;
    else if (k === 2) {
      const a = rng.pick(persons).label.split(' ');
      const b = rng.pick(persons).label.split(' ');
      name = `${a[0]} ${b[b.length - 1]}`;
    } else {
      const a = rng.pick(companies).label.split(' ');
      const b = rng.pick(companies).label.split(' ');
      name = `${a[0]} ${b[1] ?? ''} ${b[b.length - 1]}`.replace(/\s+/g, ' ');
    }
    const analysed = nameCore(name);
    // Some entity has all these words, or words of the same sound or skeleton, and the same legal forms.
    const keys = [...analysed.core.filter((t) => t.length > 1).map(wordKeys), ...analysed.forms.map((f) => [`form:${f}`])];
    if (tokenSets.some((s) => keys.every((alike) => alike.some((k) => s.has(k))))) continue;
    out.push({ kind: 'nonmatch', expected: null, name });
  }
  return out;
}

export const DATA_DIR = path.resolve(__dirname, '..', '..', 'bench', 'data');

/** The set for `entities`, from bench/data when it is there, else built (and saved). */
export function labelledSet(entities: number): LabelledQuery[] {
  const file = path.join(DATA_DIR, `resolve-set-${entities}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as LabelledQuery[];
  const set = buildLabelledSet(entities);
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(set, null, 0).replace(/\},\{/g, '},\n{')}\n`);
  return set;
}
