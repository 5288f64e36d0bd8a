/** The /v1/resolution result of one scored candidate: fields, highlights and the per-field explanation. */
import { Props, embeddedEntity } from '../../graph/mappers';
import { analyze } from '../../domain/names';
import { highlightValue, type Alternative } from '../../search/query';
import { matchStrength } from './evidence';
import { FieldExplanation, ResolveField, ResolveParams, Scored } from './types';

const API_FIELD: Record<ResolveField, string> = { name: 'name', identifier: 'identifier', country: 'country', address: 'address', dob: 'date_of_birth' };

export function resolvers(params: ResolveParams): ResolveField[] {
  return (['name', 'identifier', 'country', 'address', 'dob'] as ResolveField[]).filter((f) => params[f].length > 0);
}

export function fuzzinessEcho(params: ResolveParams): Record<string, number> {
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

export function resolutionResult(s: Scored, params: ResolveParams, profile: string) {
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
      ...(x.numbers ? { numbers: x.numbers } : {}),
      ...(x.tokens ? { tokens: x.tokens } : {}),
      ...(x.rules ? { rules: x.rules } : {}),
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
