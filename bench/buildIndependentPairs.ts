/**
 * Derives the independent labelled name pairs (bench/data/independent-pairs/*.json) from public
 * sanctions lists, which are not in the repository (the README says where each file comes from):
 *   node dist/bench/buildIndependentPairs.js --sdn sdn.csv --alt alt.csv [--cons-prim cons_prim.csv --cons-alt cons_alt.csv] [--un un.xml]
 * Deterministic: the same files give the same pairs. Match pairs are a party's listed alias
 * against its primary name; non-match pairs are a party kept off the graph against a listed
 * party of the same kind. Why: variants that people wrote, not variants the scorer's rules made.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { CLASSES, PairClass, PairType, covered, pairClass, significant, similar, tokens } from './pairClass';
import type { IndependentPair } from './independentPairs';

interface Party { id: string; source: string; type: PairType; primary: string; listOrder?: string; aliases: string[] }

/** FNV-1a, 32 bits: the split and every deterministic choice hang on it. */
export function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(s, 'utf8')) h = Math.imul(h ^ ch, 0x01000193) >>> 0;
  return h >>> 0;
}
export const halfOf = (partyId: string): 'fit' | 'held-out' => (fnv(partyId) & 1 ? 'held-out' : 'fit');

const clean = (s: string): string => s.replace(/\s+/g, ' ').replace(/^[\s,;]+|[\s,;]+$/g, '').trim();
/** "SURNAME, Given Names" as "Given Names SURNAME"; names without exactly one comma are kept. */
const natural = (name: string): string => {
  const parts = name.split(',');
  return parts.length === 2 && parts[1].trim() ? clean(`${parts[1]} ${parts[0]}`) : clean(name);
};
const COMMERCIAL = /\b(company|co|corp|corporation|ltd|limited|llc|inc|bank|trading|industries|group|shipping|airlines?|enterprises?|gmbh|s\.?a|jsc|ojsc|pjsc|ooo|oao|zao|ao|fze|fzc|fzco|plc|bhd|pte|pvt|holding|holdings|exchange|investment|petroleum|oil|gas)\b/i;
const TERROR_PROGRAMS = /\b(SDGT|FTO|SDT)\b/;

function ofac(sdnFile: string, altFile: string, source: string): Party[] {
  const rows = (f: string) => (parse(fs.readFileSync(f, 'latin1'), { relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][]).filter((r) => r.length >= 4);
  const nul = (s: string) => (s.trim() === '-0-' ? '' : s.trim());
  const byId = new Map<string, Party>();
  for (const r of rows(sdnFile)) {
    const kind = nul(r[2]);
    if (kind === 'aircraft') continue;
    const name = clean(r[1]);
    const type: PairType = kind === 'individual' ? 'person' : kind === 'vessel' ? 'vessel' : COMMERCIAL.test(name) || !TERROR_PROGRAMS.test(r[3]) ? 'company' : 'organization';
    const id = `${source}:${r[0].trim()}`;
    byId.set(id, { id, source, type, primary: type === 'person' ? natural(name) : name, listOrder: type === 'person' && name.includes(',') ? name : undefined, aliases: [] });
  }
  for (const r of rows(altFile)) {
    const p = byId.get(`${source}:${r[0].trim()}`);
    const alias = clean(r[3] ?? '');
    if (p && alias) p.aliases.push(p.type === 'person' ? natural(alias) : alias);
  }
  return [...byId.values()];
}

/** UN consolidated list: individuals (first to fourth name, aliases, name in original script) and entities. */
function un(file: string): Party[] {
  const xml = fs.readFileSync(file, 'utf8');
  const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  const field = (block: string, tag: string) => [...block.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => clean(decode(m[1]))).filter(Boolean);
  const out: Party[] = [];
  for (const [tag, person] of [['INDIVIDUAL', true], ['ENTITY', false]] as [string, boolean][]) {
    for (const m of xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))) {
      const b = m[1];
      const id = `un:${field(b, 'DATAID')[0]}`;
      const named = person ? ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((t) => field(b, t)[0] ?? '').filter(Boolean).join(' ') : field(b, 'FIRST_NAME')[0] ?? '';
      // "NAME (ACRONYM)" and "A ; B": the first name is primary, the others are aliases.
      const [primary, ...more] = named.split(/\s*;\s*/).flatMap((n) => [n.replace(/\s*\([^)]*\)\s*/g, ' '), ...[...n.matchAll(/\(([^)]*)\)/g)].map((x) => x[1])]).map(clean).filter(Boolean);
      if (!primary) continue;
      const aliases = [...more, ...field(b, 'ALIAS_NAME').flatMap((a) => a.split(/\s*;\s*/)).map((a) => clean(a.replace(/\([^)]*\)/g, ' '))), ...field(b, 'NAME_ORIGINAL_SCRIPT')];
      const listType = field(b, 'UN_LIST_TYPE')[0] ?? '';
      const type: PairType = person ? 'person' : COMMERCIAL.test(named) || !/Al-Qaida|Taliban|ISIL/i.test(listType) ? 'company' : 'organization';
      out.push({ id, source: 'un', type, primary, aliases: aliases.filter(Boolean) });
    }
  }
  return out;
}

const key = (name: string): string => [...significant(name)].sort().join(' ');
const group = (t: PairType): string => (t === 'organization' ? 'company' : t);

/** An alias is kept as a match when it is a spelling of the name: more than half its naming words have a like word in the primary, or it is in another script, or an acronym. */
function spellingOf(alias: string, primary: string): boolean {
  if (/[^\p{Script=Latin}\p{P}\p{N}\s\p{S}]/u.test(alias) !== /[^\p{Script=Latin}\p{P}\p{N}\s\p{S}]/u.test(primary)) return true;
  const a = significant(alias), p = significant(primary);
  if (!a.length || !p.length) return a.length === 0 && /^[A-Z]{2,8}$/.test(alias.replace(/[.\s-]/g, '')) && tokens(primary).length >= 2;
  return covered(a, p) > 0.5;
}
/** A hard non-match: a shared naming word, yet each side has a naming word with no like word on the other. */
function hardPair(q: string, l: string): boolean {
  const a = significant(q), b = significant(l);
  return a.some((t) => b.includes(t)) && a.some((t) => !b.some((u) => similar(t, u))) && b.some((t) => !a.some((u) => similar(t, u)));
}

export function buildPairs(parties: Party[]): { fit: IndependentPair[]; heldOut: IndependentPair[]; dropped: number } {
  // One real party on two lists would be two graph entities: a UN or consolidated-list party
  // sharing any name with an SDN party is left out.
  const sdnKeys = new Set(parties.filter((p) => p.source === 'ofac-sdn').flatMap((p) => [p.primary, ...p.aliases].map(key)));
  const kept = parties.filter((p) => p.source === 'ofac-sdn' || ![p.primary, ...p.aliases].some((n) => sdnKeys.has(key(n))));
  let dropped = 0;
  const pairs: IndependentPair[] = [];
  const seen = new Set<string>();
  const add = (query: string, listed: Party, match: boolean, source: string, queryParty: string) => {
    if (query === listed.primary || seen.has(`${listed.id}\n${query}`)) return;
    seen.add(`${listed.id}\n${query}`);
    const cls: PairClass = pairClass(query, listed.primary, listed.type, match);
    pairs.push({ query, listed: listed.primary, match, type: listed.type, class: cls, hard: !match && hardPair(query, listed.primary), source, listedId: listed.id, queryId: queryParty, half: halfOf(listed.id) });
  };
  const listed: Party[] = [];
  const unlisted: Party[] = [];
  for (const p of kept) {
    const aliases = [...new Set(p.aliases)].filter((a) => a !== p.primary);
    const spellings = aliases.filter((a) => spellingOf(a, p.primary));
    dropped += aliases.length - spellings.length;
    if (!spellings.length) { unlisted.push(p); continue; }
    listed.push(p);
    // At most 6 aliases a party (chosen by hash) so that a party with fifty does not weigh fifty times.
    for (const a of spellings.sort((x, y) => fnv(p.id + x) - fnv(p.id + y)).slice(0, 6)) add(a, p, true, p.source, p.id);
    // List order against natural order, for a third of the persons whose list-order name has three words or more.
    if (p.listOrder && tokens(p.listOrder).length >= 3 && fnv(`order:${p.id}`) % 3 === 0) add(p.listOrder, p, true, p.source, p.id);
  }
  // Non-matches: a party kept off the graph (no alias to test) against a listed party of the same
  // kind and half: one sharing a naming word (hard) when there is one, and one sharing none for every third.
  const byToken = new Map<string, Party[]>();
  for (const p of listed) for (const t of new Set(significant(p.primary))) byToken.set(t, [...(byToken.get(t) ?? []), p]);
  const namesOf = (p: Party) => new Set([p.primary, ...p.aliases].map(key));
  for (const u of unlisted.sort((a, b) => fnv(a.id) - fnv(b.id))) {
    const half = halfOf(u.id);
    const uNames = namesOf(u);
    const fits = (l: Party) => halfOf(l.id) === half && group(l.type) === group(u.type) && ![...namesOf(l)].some((n) => uNames.has(n));
    const candidates = [...new Set(significant(u.primary).flatMap((t) => byToken.get(t) ?? []))].filter((l) => fits(l) && hardPair(u.primary, l.primary));
    if (candidates.length) add(u.primary, candidates.sort((a, b) => fnv(u.id + a.id) - fnv(u.id + b.id))[0], false, u.source, u.id);
    if (fnv(`easy:${u.id}`) % 3 === 0) {
      const pool = listed.filter((l) => fits(l) && !significant(l.primary).some((t) => significant(u.primary).includes(t)));
      if (pool.length) add(u.primary, pool[fnv(`pick:${u.id}`) % pool.length], false, u.source, u.id);
    }
  }
  const order = (a: IndependentPair, b: IndependentPair) => a.listedId.localeCompare(b.listedId) || a.query.localeCompare(b.query);
  return { fit: pairs.filter((p) => p.half === 'fit').sort(order), heldOut: pairs.filter((p) => p.half === 'held-out').sort(order), dropped };
}

function main(): void {
  const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
  const sdn = arg('sdn'), alt = arg('alt');
  if (!sdn || !alt) throw new Error('usage: buildIndependentPairs --sdn sdn.csv --alt alt.csv [--cons-prim f --cons-alt f] [--un f] [--out dir]');
  const parties = [...ofac(sdn, alt, 'ofac-sdn')];
  if (arg('cons-prim') && arg('cons-alt')) parties.push(...ofac(arg('cons-prim')!, arg('cons-alt')!, 'ofac-cons'));
  if (arg('un')) parties.push(...un(arg('un')!));
  const { fit, heldOut, dropped } = buildPairs(parties);
  const out = arg('out') ?? path.resolve(__dirname, '..', '..', 'bench', 'data', 'independent-pairs');
  fs.mkdirSync(out, { recursive: true });
  const write = (f: string, ps: IndependentPair[]) => fs.writeFileSync(path.join(out, f), `[\n${ps.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`);
  write('fit.json', fit);
  write('held-out.json', heldOut);
  const all = [...fit, ...heldOut];
  const neg = all.filter((p) => !p.match);
  process.stdout.write(`${all.length} pairs, ${all.length - neg.length} matches, ${neg.length} non-matches (${neg.filter((p) => p.hard).length} hard); ${dropped} aliases dropped as not a spelling of the name\n`);
  process.stdout.write('| class | fit matches | fit non-matches | held-out matches | held-out non-matches |\n| --- | --- | --- | --- | --- |\n');
  for (const c of CLASSES) {
    const n = (ps: IndependentPair[], m: boolean) => ps.filter((p) => p.class === c && p.match === m).length;
    process.stdout.write(`| ${c} | ${n(fit, true)} | ${n(fit, false)} | ${n(heldOut, true)} | ${n(heldOut, false)} |\n`);
  }
  for (const [name, ps] of [['fit', fit], ['held-out', heldOut]] as const) {
    const by = (f: (p: IndependentPair) => string) => Object.entries(ps.reduce<Record<string, number>>((a, p) => ({ ...a, [f(p)]: (a[f(p)] ?? 0) + 1 }), {})).map(([k, v]) => `${k} ${v}`).join(', ');
    process.stdout.write(`${name}: ${ps.length} pairs, ${ps.filter((p) => p.match).length} matches, ${ps.filter((p) => p.hard).length} hard non-matches; by type: ${by((p) => p.type)}; by source: ${by((p) => p.source)}\n`);
  }
}

if (require.main === module) main();
