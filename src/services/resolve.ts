/**
 * Entity resolution behind GET /resolve/entity and GET/POST /v1/resolution.
 *
 * 1. Candidates come from the SearchIndex (recall-oriented: any name token within the
 *    allowed edits, its transliteration skeleton, the compact identifier, address words).
 * 2. Every candidate is scored here, field by field, with an explanation an analyst can
 *    check. Evidence is added up in points and mapped to 0..1 with a logistic curve:
 *      name          -2.5 .. +2.5   (token similarity, order-insensitive, company forms ignored;
 *                    then +0.25 when both names carry the same company form, -1 for different forms)
 *      identifier    +6 exact, +1.5 near (within fuzziness.identifier edits), -0.75 when the
 *                    candidate has identifiers and none agrees
 *      date of birth +1.5 same date, +0.75 compatible partial date, -2 other year, -1.5 same
 *                    year but other month or day
 *      country       +0.5 shared, -1 when the candidate's countries are all different
 *      address       up to +1, -0.3 when clearly different
 *    so an identifier match outweighs any name evidence, and a conflicting date of birth or
 *    country lowers the score.
 * 3. `best_match` is the top candidate only when its score reaches BEST_MATCH_THRESHOLD; a
 *    query that matches nothing well has no best_match. `strict=true` keeps only candidates
 *    whose provided values are equal as given (no normalisation, no fuzziness).
 */
import { badParameter } from '../domain/errors';
import { isDateString } from '../domain/dates';
import {
  COMPANY_FORM_TOKENS, WEAK_COMPANY_WORDS, allowedEdits, analyze, compactIdentifier, editDistance, skeleton,
} from '../domain/names';
import { Props, embeddedEntity } from '../graph/mappers';
import type { Candidate, SearchIndex } from '../search/port';
import { highlightValue, type Alternative } from '../search/query';

export const BEST_MATCH_THRESHOLD = 0.6;
/** Candidates scoring below this are not listed at all. */
export const LIST_FLOOR = 0.1;
const CENTER = 1.25;
const DEFAULT_POOL = 50;

export type ResolveField = 'name' | 'identifier' | 'country' | 'address' | 'dob';

export interface ResolveParams {
  name: string[];
  identifier: string[];
  country: string[];
  address: string[];
  dob: string[];
  types?: string[];
  fuzziness: Partial<Record<ResolveField, number>>;
  strict: boolean;
  limit: number;
  offset?: number;
  /** Candidates read from the index (default 50). */
  pool?: number;
  /** Minimum score of listed matches (0..1). */
  minScore?: number;
  /** Minimum name similarity (0..1) of listed matches. */
  minNameSimilarity?: number;
}

export interface FieldExplanation {
  matched?: string;
  uploaded: string;
  similarity: number;
  points: number;
  match_quality: 'exact' | 'high' | 'medium' | 'low' | 'conflict' | 'none';
  n_common_term_matches?: number;
  n_uncommon_term_matches?: number;
  /** Names: whether the company forms agree (Ltd / Limited are the same form). */
  company_form?: 'same' | 'different';
}

const companyForms = (name: string): Set<string> => new Set(analyze(name).filter((t) => t.form).map((t) => t.text));

export interface Scored {
  candidate: Candidate;
  score: number;
  points: number;
  explanation: Partial<Record<ResolveField, FieldExplanation>>;
  nameSimilarity?: number;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const round = (x: number, d = 3): number => Math.round(x * 10 ** d) / 10 ** d;

// ------------------------------------------------------------------ names

interface NameTokens { tokens: string[]; weights: number[] }

/** Name tokens for comparison: company forms dropped (unless nothing else is left), weak words weighted down. */
export function nameTokens(name: string): NameTokens {
  const all = analyze(name);
  const core = all.filter((t) => !t.form && !COMPANY_FORM_TOKENS.has(t.text));
  const tokens = (core.length ? core : all).map((t) => t.text);
  const weights = tokens.map((t) => (WEAK_COMPANY_WORDS.has(t) ? 0.3 : t.length === 1 ? 0.5 : 1));
  return { tokens, weights };
}

/** Similarity of two tokens in 0..1 (0 when they are not close enough under the fuzziness). */
export function tokenSimilarity(a: string, b: string, fuzziness: number): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? 0.7 : 0; // an initial
  if (skeleton(a) === skeleton(b)) return 0.95;
  const len = Math.max(a.length, b.length);
  const allowed = allowedEdits(len, fuzziness);
  if (allowed === 0) return 0;
  const d = editDistance(a, b, allowed);
  if (d > allowed) {
    const ds = editDistance(skeleton(a), skeleton(b), allowed);
    return ds <= allowed ? Math.max(0, 0.93 - (0.6 * ds) / len) : 0;
  }
  return Math.max(0, 1 - (0.6 * d) / len);
}

/**
 * Order-insensitive similarity of a query name and a candidate name: each query token is
 * paired with its best unused candidate token; query coverage counts 80 %, candidate
 * coverage 20 % (extra middle names cost little). A name written without spaces
 * ("Northwind" / "North Wind") is also compared as one word.
 */
export function nameSimilarity(query: string, candidate: string, fuzziness: number): { similarity: number; common: number; fuzzy: number } {
  const q = nameTokens(query);
  const c = nameTokens(candidate);
  if (q.tokens.length === 0 || c.tokens.length === 0) return { similarity: 0, common: 0, fuzzy: 0 };
  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = 0; i < q.tokens.length; i++) {
    for (let j = 0; j < c.tokens.length; j++) {
      const s = tokenSimilarity(q.tokens[i], c.tokens[j], fuzziness);
      if (s > 0) pairs.push({ i, j, s });
    }
  }
  pairs.sort((x, y) => y.s - x.s);
  const qs = new Array<number>(q.tokens.length).fill(0);
  const cs = new Array<number>(c.tokens.length).fill(0);
  const usedQ = new Set<number>();
  const usedC = new Set<number>();
  for (const p of pairs) {
    if (usedQ.has(p.i) || usedC.has(p.j)) continue;
    usedQ.add(p.i);
    usedC.add(p.j);
    qs[p.i] = p.s;
    cs[p.j] = p.s;
  }
  const cover = (sims: number[], w: number[]) => sims.reduce((s, x, k) => s + x * w[k], 0) / w.reduce((s, x) => s + x, 0);
  let similarity = 0.8 * cover(qs, q.weights) + 0.2 * cover(cs, c.weights);
  const common = qs.filter((s) => s === 1).length;
  const fuzzy = qs.filter((s) => s > 0 && s < 1).length;
  // One matched word of a longer name is weak evidence.
  const strongMatched = qs.filter((s, k) => s >= 0.9 && q.weights[k] === 1).length;
  const strong = (w: number[]) => w.filter((x) => x === 1).length;
  if (strongMatched <= 1 && Math.max(strong(q.weights), strong(c.weights)) > 1) similarity = Math.min(similarity, 0.75);
  const qJoined = q.tokens.join('');
  const cJoined = c.tokens.join('');
  if (q.tokens.length !== c.tokens.length && Math.min(qJoined.length, cJoined.length) >= 6) {
    const allowed = allowedEdits(Math.max(qJoined.length, cJoined.length), fuzziness);
    const d = editDistance(qJoined, cJoined, allowed);
    if (d <= allowed) similarity = Math.max(similarity, 0.97 - (0.6 * d) / cJoined.length);
  }
  return { similarity: Math.min(1, similarity), common, fuzzy };
}

// ------------------------------------------------------------------ dates

/** Agreement of two date strings YYYY[-MM[-DD]]: same, compatible (one is a prefix), or conflicting. */
export function compareDates(a: string, b: string): 'same' | 'compatible' | 'conflict-year' | 'conflict' {
  const pa = a.split('-');
  const pb = b.split('-');
  if (pa[0] !== pb[0]) return 'conflict-year';
  const n = Math.min(pa.length, pb.length);
  for (let k = 1; k < n; k++) if (Number(pa[k]) !== Number(pb[k])) return 'conflict';
  return pa.length === pb.length ? 'same' : 'compatible';
}

const DATE = /^\d{4}(-\d{1,2}(-\d{1,2})?)?$/;

/** A date of birth to resolve against, `dob` unless the caller sent it under another name: YYYY[-MM[-DD]]. */
export function checkResolveDates(values: string[], parameter = 'dob'): string[] {
  for (const d of values) {
    // One-digit months and days are taken (1964-3-5); a month or day that does not exist is not.
    const padded = d.split('-').map((part, i) => (i === 0 ? part : part.padStart(2, '0'))).join('-');
    if (!DATE.test(d) || !isDateString(padded)) throw badParameter(parameter, `"${d}" is not a date YYYY[-MM[-DD]]`);
  }
  return values;
}

// ------------------------------------------------------------------ scoring

function bestName(params: ResolveParams, c: Candidate): { explanation: FieldExplanation; similarity: number } | undefined {
  if (params.name.length === 0) return undefined;
  const fuzz = params.fuzziness.name ?? 1;
  let best: FieldExplanation | undefined;
  let bestSim = -1;
  for (const uploaded of params.name) {
    for (const name of c.names) {
      let sim: number;
      let common = 0;
      let fuzzy = 0;
      if (params.strict) {
        sim = name === uploaded ? 1 : 0;
        common = sim ? nameTokens(uploaded).tokens.length : 0;
      } else {
        ({ similarity: sim, common, fuzzy } = nameSimilarity(uploaded, name, fuzz));
      }
      if (sim > bestSim) {
        bestSim = sim;
        const quality = sim === 1 ? 'exact' : sim >= 0.9 ? 'high' : sim >= 0.8 ? 'medium' : sim > 0 ? 'low' : 'none';
        best = { matched: name, uploaded, similarity: round(sim), points: 0, match_quality: quality, n_common_term_matches: common, n_uncommon_term_matches: fuzzy };
      }
    }
  }
  let points = Math.max(-1, Math.min(1, (bestSim - 0.8) / 0.2)) * 2.5;
  // Company forms do not count in the similarity, but two different forms (GmbH / LLC) are
  // weak evidence of two different companies, and the same form weak evidence of one.
  if (!params.strict && bestSim > 0) {
    const qf = companyForms(best!.uploaded);
    const cf = companyForms(best!.matched!);
    if (qf.size && cf.size) {
      const same = [...qf].some((f) => cf.has(f));
      points += same ? 0.25 : -1;
      best!.company_form = same ? 'same' : 'different';
    }
  }
  best!.points = round(points, 2);
  return { explanation: best!, similarity: bestSim };
}

function identifierEvidence(params: ResolveParams, c: Candidate): FieldExplanation | undefined {
  if (params.identifier.length === 0) return undefined;
  const fuzz = params.fuzziness.identifier ?? 1;
  let near: FieldExplanation | undefined;
  for (const uploaded of params.identifier) {
    const qc = compactIdentifier(uploaded);
    for (const id of c.identifiers) {
      const exact = params.strict ? id.value === uploaded : compactIdentifier(id.value) === qc && qc !== '';
      if (exact) return { matched: id.value, uploaded, similarity: 1, points: 6, match_quality: 'exact' };
      if (!params.strict && fuzz > 0 && qc.length >= 6) {
        const d = editDistance(qc, compactIdentifier(id.value), fuzz);
        if (d <= fuzz && !near) near = { matched: id.value, uploaded, similarity: round(1 - d / qc.length), points: 1.5, match_quality: 'medium' };
      }
    }
  }
  if (near) return near;
  if (c.identifiers.length > 0) return { uploaded: params.identifier[0], similarity: 0, points: -0.75, match_quality: 'conflict' };
  return { uploaded: params.identifier[0], similarity: 0, points: 0, match_quality: 'none' };
}

function dobEvidence(params: ResolveParams, c: Candidate): FieldExplanation | undefined {
  if (params.dob.length === 0) return undefined;
  if (c.datesOfBirth.length === 0) return { uploaded: params.dob[0], similarity: 0, points: 0, match_quality: 'none' };
  let best: FieldExplanation | undefined;
  const rank = { same: 3, compatible: 2, conflict: 1, 'conflict-year': 0 } as const;
  let bestRank = -1;
  for (const uploaded of params.dob) {
    for (const d of c.datesOfBirth) {
      const cmp = params.strict ? (d === uploaded ? 'same' : 'conflict') : compareDates(uploaded, d);
      if (rank[cmp] > bestRank) {
        bestRank = rank[cmp];
        best = cmp === 'same' ? { matched: d, uploaded, similarity: 1, points: 1.5, match_quality: 'exact' }
          : cmp === 'compatible' ? { matched: d, uploaded, similarity: 0.8, points: 0.75, match_quality: 'medium' }
            : cmp === 'conflict' ? { matched: d, uploaded, similarity: 0.3, points: -1.5, match_quality: 'conflict' }
              : { matched: d, uploaded, similarity: 0, points: -2, match_quality: 'conflict' };
      }
    }
  }
  return best;
}

function countryEvidence(params: ResolveParams, c: Candidate): FieldExplanation | undefined {
  if (params.country.length === 0) return undefined;
  const shared = params.country.find((x) => c.countries.includes(x.toUpperCase()) || (params.strict && c.countries.includes(x)));
  if (shared) return { matched: shared.toUpperCase(), uploaded: shared, similarity: 1, points: 0.5, match_quality: 'exact' };
  if (c.countries.length > 0) return { matched: c.countries.join(','), uploaded: params.country[0], similarity: 0, points: -1, match_quality: 'conflict' };
  return { uploaded: params.country[0], similarity: 0, points: 0, match_quality: 'none' };
}

function addressEvidence(params: ResolveParams, c: Candidate): FieldExplanation | undefined {
  if (params.address.length === 0) return undefined;
  if (c.addresses.length === 0) return { uploaded: params.address[0], similarity: 0, points: 0, match_quality: 'none' };
  const fuzz = params.fuzziness.address ?? 1;
  let best: FieldExplanation | undefined;
  let bestSim = -1;
  for (const uploaded of params.address) {
    const q = analyze(uploaded, { companyForms: false }).map((t) => t.text);
    for (const a of c.addresses) {
      let sim: number;
      if (params.strict) sim = a === uploaded ? 1 : 0;
      else {
        const toks = analyze(a, { companyForms: false }).map((t) => t.text);
        const hits = q.filter((t) => toks.some((x) => tokenSimilarity(t, x, fuzz) >= 0.85)).length;
        sim = q.length ? hits / q.length : 0;
      }
      if (sim > bestSim) {
        bestSim = sim;
        best = { matched: a, uploaded, similarity: round(sim), points: 0, match_quality: sim === 1 ? 'exact' : sim >= 0.8 ? 'high' : sim >= 0.5 ? 'medium' : sim > 0 ? 'low' : 'none' };
      }
    }
  }
  best!.points = bestSim >= 0.5 ? round(bestSim, 2) : bestSim < 0.3 ? -0.3 : 0;
  return best;
}

/** Scores one candidate; undefined when strict mode excludes it. */
export function scoreCandidate(params: ResolveParams, c: Candidate): Scored | undefined {
  const explanation: Scored['explanation'] = {};
  const name = bestName(params, c);
  if (name) explanation.name = name.explanation;
  const identifier = identifierEvidence(params, c);
  if (identifier) explanation.identifier = identifier;
  const dob = dobEvidence(params, c);
  if (dob) explanation.dob = dob;
  const country = countryEvidence(params, c);
  if (country) explanation.country = country;
  const address = addressEvidence(params, c);
  if (address) explanation.address = address;
  if (params.strict) {
    // Exact values only: every provided name / identifier must be found as given; no conflicts.
    if (name && name.similarity < 1) return undefined;
    if (identifier && identifier.match_quality !== 'exact') return undefined;
    for (const e of [dob, country, address]) if (e && e.match_quality !== 'exact' && e.match_quality !== 'none') return undefined;
  }
  const points = Object.values(explanation).reduce((s, e) => s + (e?.points ?? 0), 0);
  return { candidate: c, score: round(sigmoid(points - CENTER), 4), points: round(points, 2), explanation, nameSimilarity: name?.similarity };
}

export const matchStrength = (score: number): 'strong' | 'medium' | 'weak' => (score >= 0.85 ? 'strong' : score >= BEST_MATCH_THRESHOLD ? 'medium' : 'weak');

// ------------------------------------------------------------------ use case

export interface Ranked { best?: Scored; others: Scored[]; all: Scored[] }

export class ResolveService {
  constructor(private readonly index: SearchIndex) {}

  /** Candidates scored and ranked (best first); `best` only when it clears the threshold. */
  async rank(params: ResolveParams): Promise<Ranked> {
    if (params.name.length + params.identifier.length + params.address.length === 0) {
      throw badParameter('name', 'at least one of name, identifier or address is required');
    }
    checkResolveDates(params.dob);
    const fuzz = params.strict ? 0 : params.fuzziness.name ?? 1;
    const names = params.name.map((n) => nameTokens(n).tokens).filter((t) => t.length);
    const candidates = await this.index.candidates({
      names,
      skeletons: params.strict ? [] : names.flat().filter((t) => t.length > 2).map(skeleton),
      identifiers: params.identifier.map(compactIdentifier).filter(Boolean),
      addresses: params.address.map((a) => analyze(a, { companyForms: false }).map((t) => t.text)),
      // Not required, only ranked up: among many namesakes (a 1M-entity graph has hundreds of
      // "Kari Berg"), the one born on the given date must be in the pool that gets scored.
      datesOfBirth: params.dob.map((d) => d.split('-')),
      countries: params.country.map((c) => c.toLowerCase()),
      fuzziness: fuzz,
      types: params.types,
      pool: params.pool ?? (params.strict ? 200 : DEFAULT_POOL),
    });
    const seen = new Set<string>();
    const scored: Scored[] = [];
    for (const c of candidates) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const s = scoreCandidate(params, c);
      if (!s) continue;
      if (s.score < (params.minScore ?? LIST_FLOOR)) continue;
      if (params.minNameSimilarity !== undefined && (s.nameSimilarity ?? 1) < params.minNameSimilarity) continue;
      scored.push(s);
    }
    scored.sort((a, b) => b.score - a.score || a.candidate.id.localeCompare(b.candidate.id));
    const all = scored.slice(params.offset ?? 0, (params.offset ?? 0) + params.limit);
    const best = all[0] && all[0].score >= BEST_MATCH_THRESHOLD && (params.offset ?? 0) === 0 ? all[0] : undefined;
    return { best, others: best ? all.slice(1) : all, all };
  }

  /** Legacy /resolve/entity. */
  async legacy(params: ResolveParams) {
    const ranked = await this.rank(params);
    return {
      best_match: ranked.best ? embeddedEntity(ranked.best.candidate.props, 'legacy') : null,
      other_matches: ranked.others.map((s) => embeddedEntity(s.candidate.props, 'legacy')),
      strict: params.strict,
      fuzziness: fuzzinessEcho(params),
      resolvers: resolvers(params),
    };
  }

  /** /v1/resolution: the published client's ResolutionResponse `{fields, data}` plus best_match / other_matches. */
  async v1(params: ResolveParams, profile: string, echo: Record<string, string[]>) {
    const ranked = await this.rank(params);
    const result = (s: Scored) => resolutionResult(s, params, profile);
    const data = ranked.all.map(result);
    return {
      fields: echo,
      data,
      best_match: ranked.best ? data[0] : null,
      other_matches: ranked.best ? data.slice(1) : data,
      strict: params.strict,
      fuzziness: fuzzinessEcho(params),
      resolvers: resolvers(params),
    };
  }
}

const API_FIELD: Record<ResolveField, string> = { name: 'name', identifier: 'identifier', country: 'country', address: 'address', dob: 'date_of_birth' };

function resolvers(params: ResolveParams): ResolveField[] {
  return (['name', 'identifier', 'country', 'address', 'dob'] as ResolveField[]).filter((f) => params[f].length > 0);
}

function fuzzinessEcho(params: ResolveParams): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of resolvers(params)) out[f] = params.strict ? 0 : params.fuzziness[f] ?? 1;
  return out;
}

/** Highlights of a resolution result: the matched value with the query's words in <em>. */
function resolutionHighlight(s: Scored): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const name = s.explanation.name;
  if (name?.matched && name.similarity > 0) {
    const alternatives: Alternative[] = analyze(name.uploaded).map((t) => ({ field: 'name', tokens: [t.text], ...(t.text.length > 3 ? { fuzzy: 1 } : {}) }));
    const h = highlightValue('name', name.matched, alternatives);
    if (h) out.name = [h];
  }
  const id = s.explanation.identifier;
  if (id?.matched && id.points > 0) out.identifier = [`<em>${id.matched}</em>`];
  const dob = s.explanation.dob;
  if (dob?.matched && dob.points > 0) out.date_of_birth = [`<em>${dob.matched}</em>`];
  return out;
}

function resolutionResult(s: Scored, params: ResolveParams, profile: string) {
  const e: Props = s.candidate.props;
  const explanation: Record<string, unknown[]> = {};
  for (const [field, x] of Object.entries(s.explanation) as [ResolveField, FieldExplanation][]) {
    explanation[API_FIELD[field]] = [{
      ...(x.matched !== undefined ? { matched: x.matched } : {}),
      uploaded: x.uploaded,
      scores: { similarity: x.similarity, points: x.points },
      match_quality: x.match_quality === 'exact' ? 'high' : x.match_quality === 'conflict' || x.match_quality === 'none' ? 'low' : x.match_quality,
      ...(x.n_common_term_matches !== undefined ? { n_common_term_matches: x.n_common_term_matches, n_uncommon_term_matches: x.n_uncommon_term_matches } : {}),
      ...(field === 'name' ? { high_quality_match_name: x.similarity >= 0.9 } : {}),
      ...(x.company_form ? { company_form: x.company_form } : {}),
      ...(x.match_quality === 'conflict' ? { conflict: true } : {}),
    }];
  }
  const matched = Object.entries(s.explanation).filter(([, x]) => x && x.points > 0).map(([f]) => API_FIELD[f as ResolveField]);
  // The fields a resolution result shows: /v1 identifiers (labelled), not the /v1 counts.
  const embedded = embeddedEntity(e, 'v1', false);
  return {
    entity_id: embedded.id,
    label: embedded.label,
    type: embedded.type,
    score: s.score,
    profile,
    identifiers: embedded.identifiers,
    addresses: embedded.addresses,
    countries: embedded.countries,
    sources: s.candidate.sources,
    matched_queries: matched,
    typed_matched_queries: Object.entries(s.explanation).filter(([, x]) => x && x.points > 0).map(([f, x]) => `${API_FIELD[f as ResolveField]}:${x!.match_quality}`),
    highlight: resolutionHighlight(s),
    explanation,
    match_strength: { value: matchStrength(s.score) },
    sanctioned: embedded.sanctioned,
    pep: embedded.pep,
    // A match that is not listed itself may be possibly the same as one that is: say so, so a
    // screening decision does not stop at a clean duplicate record of a listed person.
    psa_count: embedded.psa_count,
    psa_sanctioned: embedded.psa_sanctioned,
    entity_url: embedded.entity_url,
    ...(params.strict ? { strict: true } : {}),
  };
}
