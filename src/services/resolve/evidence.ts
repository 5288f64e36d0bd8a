/** Evidence of each resolve field (name, identifier, date of birth, country, address) and a candidate's score. */
import { badParameter } from '../../domain/errors';
import { isDateString } from '../../domain/dates';
import { sameFormFamily } from '../../domain/legalForms';
import { analyze, compactIdentifier, editDistance, writtenWords } from '../../domain/names';
import type { Candidate } from '../../search/port';
import { nameCore } from '../../search/analysis';
import { TokenExplanation, nameSimilarity, nameTokens, tokenSimilarity } from './nameScore';
import { BEST_MATCH_THRESHOLD, CENTER, FieldExplanation, ResolveParams, Scored, round, sigmoid } from './types';

/** Points of two different legal forms of one family (src/domain/legalForms.ts sameFormFamily): OOO / Ltd, Co., Ltd. / Corp. */
const OTHER_FORM_POINTS = -0.6;
/** Points of two legal forms of different families: an exact name with another form (Severstroy OOO / LP) stays medium. */
const DIFFERENT_FORM_POINTS = -1.3;

/**
 * Points of two legal forms of different families when the names agree (similarity 0.95 and
 * more) in three distinctive words or more: a long name of its own re-registered under
 * another form (OOO / PJSC, FGUP / AO) is more likely the same party than a short one.
 */
const DIFFERENT_FORM_LONG_NAME_POINTS = -0.9;
const LONG_NAME_WORDS = 3;

/** Points for a legal form written as the candidate's is: a tie-break among names alike once forms are canonical. */
const WRITTEN_ALIKE_POINTS = 0.1;

/** The words of a name's legal forms as written (co limited), not made canonical. */
const writtenForm = (name: string): string => {
  const core = new Set(nameCore(name).core);
  return writtenWords(name).filter((w) => !core.has(w)).join(' ');
};

/**
 * Points of a name similarity: 1.7 at 0.84 (alone just above the best_match threshold) rising
 * to 2.5 for an exact name; below, falling steeply to -2.5, so the similarities the scorer
 * gives hard non-matches (0.75 and under: another given name, another number) score low.
 */
export const namePoints = (sim: number): number => (sim >= 0.84 ? 1.7 + ((sim - 0.84) / 0.16) * 0.8 : Math.max(-2.5, 1.7 - ((0.84 - sim) / 0.09) * 2.2));

const companyForms = (name: string): Set<string> => new Set(nameCore(name).forms);

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

function bestName(params: ResolveParams, c: Candidate, distinctiveness?: (word: string) => number): { explanation: FieldExplanation; similarity: number } | undefined {
  if (params.name.length === 0) return undefined;
  const fuzz = params.fuzziness.name ?? 1;
  // A person's names may lack a middle name; an organisation's words weigh by their distinctiveness.
  const type = c.props.type as string | undefined;
  const options = { person: type === undefined ? undefined : type === 'person', distinctiveness };
  let best: FieldExplanation | undefined;
  let bestSim = -1;
  for (const uploaded of params.name) {
    for (const name of c.names) {
      let sim: number;
      let common = 0;
      let tokens: TokenExplanation[] | undefined;
      let numbers: 'same' | 'different' | undefined;
      let fuzzy = 0;
      let rules: string[] | undefined;
      if (params.strict) {
        sim = name === uploaded ? 1 : 0;
        common = sim ? nameTokens(uploaded).tokens.length : 0;
      } else {
        ({ similarity: sim, common, fuzzy, tokens, numbers, rules } = nameSimilarity(uploaded, name, fuzz, options));
      }
      if (sim > bestSim) {
        bestSim = sim;
        const quality = sim === 1 ? 'exact' : sim >= 0.9 ? 'high' : sim >= 0.8 ? 'medium' : sim > 0 ? 'low' : 'none';
        best = { matched: name, uploaded, similarity: round(sim), points: 0, match_quality: quality, n_common_term_matches: common, n_uncommon_term_matches: fuzzy, ...(tokens ? { tokens } : {}), ...(rules?.length ? { rules } : {}), ...(numbers ? { numbers } : {}) };
      }
    }
  }
  let points = namePoints(bestSim);
  // Company forms do not count in the similarity, but two different forms (GmbH / LLC) are
  // evidence of two different companies (enough to keep an exact name under the strong
  // threshold), and the same form weak evidence of one.
  if (!params.strict && bestSim > 0) {
    const qf = companyForms(best!.uploaded);
    const cf = companyForms(best!.matched!);
    const same = qf.size > 0 && cf.size > 0 && [...qf].some((f) => cf.has(f));
    if (qf.size && cf.size) {
      const family = [...qf].some((f) => [...cf].some((g) => sameFormFamily(f, g)));
      const distinctive = (best!.tokens ?? []).filter((t) => t.similarity >= 0.9 && t.weight >= 0.5 && t.uploaded.length >= 3).length;
      const different = bestSim >= 0.95 && distinctive >= LONG_NAME_WORDS ? DIFFERENT_FORM_LONG_NAME_POINTS : DIFFERENT_FORM_POINTS;
      points += same ? 0.25 : family ? OTHER_FORM_POINTS : different;
      best!.company_form = same ? 'same' : 'different';
    }
    // The form written as asked (Co., Limited) ranks first among candidates whose names are
    // alike once forms are made canonical (Pinefield Consulting Co., Limited / ... Ltd).
    if (same && writtenForm(best!.uploaded) === writtenForm(best!.matched!)) points += WRITTEN_ALIKE_POINTS;
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
export function scoreCandidate(params: ResolveParams, c: Candidate, distinctiveness?: (word: string) => number): Scored | undefined {
  const explanation: Scored['explanation'] = {};
  const name = bestName(params, c, distinctiveness);
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

/**
 * Match strength tiers: strong is what best_match takes; medium is worth an analyst's review;
 * weak rarely is. The medium cut-off is chosen on the fitting half of the independent name
 * pairs so that weak holds few true matches (4 % of first candidates that are the right
 * party): a name capped as "another given name" (similarity 0.75, score about 0.15) is medium.
 */
export const MEDIUM_THRESHOLD = 0.12;
export const matchStrength = (score: number): 'strong' | 'medium' | 'weak' => (score >= BEST_MATCH_THRESHOLD ? 'strong' : score >= MEDIUM_THRESHOLD ? 'medium' : 'weak');
