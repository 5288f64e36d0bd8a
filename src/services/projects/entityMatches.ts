/**
 * The newer client generation's view of a project entity (`ProjectEntityResponse` and its
 * `ProjectEntityMatchResponse` matches): built from the stored project entity, its MATCHES
 * relationships (each with the resolution's score, strength, profile and explanation when it
 * was resolved from attributes) and the matched graph entities.
 */
import { RISK_CATEGORIES } from '../../domain/risk';
import { Props, coreEntity, storedJson } from '../../graph/mappers';

export const MATCH_STRENGTHS = ['strong', 'partial', 'no_match', 'manual'] as const;
export type MatchStrength = (typeof MATCH_STRENGTHS)[number];
export const MATCH_PROFILES = ['corporate', 'suppliers', 'screen', 'search'] as const;
/** The client's CaseStatus values; a project entity starts in the first. */
export const CASE_STATUSES = ['not_assigned', 'in_review', 'approved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/** Tags of one project entity, and characters of one tag label. */
export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 100;

/** The stored case status of a project entity (none stored: the first). */
export const caseStatusOf = (pe: Props): CaseStatus => ((pe.case_status as CaseStatus | null) ?? 'not_assigned');

/** The client's TagResponse list: a label is its own id, dated from when it was added. */
export function tagsOf(pe: Props) {
  const added = (pe.tag_added as string[] | null) ?? [];
  return ((pe.tag_labels as string[] | null) ?? []).map((label, i) => ({ id: label, label, created_at: added[i] ?? '' }));
}

/** One attribute of a project entity as the client reads it: its values and whether resolution uses them. */
export interface AttributeValues { values: string[]; match_resolution: boolean }

/** One explained field of a match (the client's ProjectEntityMatchExplanation). */
export interface MatchExplanation { field: string; quality: 'high' | 'medium' | 'low' | 'na'; description?: string[]; matches?: string[] }

/** A current match as read by the project entity statements. */
export interface MatchRow { entity: Props; match: Props }

const categoryLabel = (id: string) => id.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');

/** The risk categories (sanctions, pep, ...) the factors fall in, each with its factors. */
export function riskCategoriesOf(factors: string[]) {
  return Object.entries(RISK_CATEGORIES)
    .map(([id, test]) => ({ id, label: categoryLabel(id), risk_factors: factors.filter(test) }))
    .filter((c) => c.risk_factors.length > 0);
}

const riskOf = (e: Props): string[] => Object.keys(storedJson<Record<string, unknown>>(e.risk, {})).sort();

function tradeOf(e: Props) {
  const counts = storedJson<Record<string, number>>(e.relationship_count, {});
  return { receiver_of: counts.receiver_of ?? 0, shipper_of: counts.shipper_of ?? 0 };
}

/** The client's UpstreamInfo, with the older generation's `risk` (factor ids) beside it. */
export function upstreamInfo(risk: string[], countries: string[], trade: { receiver_of: number; shipper_of: number }) {
  return {
    risk, countries, risk_factors: risk.map((id) => ({ id })), trade_counts: trade,
    has_upstream: risk.length + countries.length > 0, products: [] as string[],
  };
}

export function matchBody({ entity: e, match: m }: MatchRow) {
  const risk = riskOf(e);
  const sources = storedJson<Record<string, { label?: string }>>(e.source_count, {});
  const explanation = storedJson<MatchExplanation[] | null>(m.explanation, null);
  return {
    // A match is named by its graph entity: one project entity matches an entity at most once.
    match_id: e.id as string,
    sayari_entity_id: e.id as string,
    type: (e.type as string) ?? 'company',
    label: (e.label as string) ?? '',
    countries: ((e.countries as string[] | null) ?? []).slice(),
    risk_categories: riskCategoriesOf(risk),
    risk_factors: risk.map((id) => ({ id })),
    business_purpose: [] as { code: string; standard: string }[],
    upstream: upstreamInfo([], [], tradeOf(e)),
    sources: Object.entries(sources).map(([id, s]) => ({ id, label: s.label ?? id })),
    addresses: ((e.addresses as string[] | null) ?? []).map((value) => ({ value })),
    hs_codes: [] as string[],
    created_at: (m.created as string) ?? '',
    ...(m.profile ? { match_profile: m.profile as string } : {}),
    ...(explanation ? { match_explanation: explanation } : {}),
    ...(typeof m.score === 'number' ? { score: m.score } : {}),
    ...(m.strength ? { strength: m.strength as string } : {}),
    ...(m.decision ? { decision: { decision: m.decision as string, reason: m.decision_reason as string, decided_by: m.decided_by as string, decided_at: m.decided_at as string } } : {}),
    summary: coreEntity(e),
  };
}

/**
 * The newer generation's fields of a project entity. `strength` is the resolution's (`manual`
 * for one saved from entity ids); countries and risk are those of every current match.
 */
export function newerFields(pe: Props, rows: MatchRow[], upstream: { risk: string[]; countries: string[] }, trade: { receiver_of: number; shipper_of: number }, label: string) {
  const risk = [...new Set(rows.flatMap((r) => riskOf(r.entity)))].sort();
  const countries = [...new Set(rows.flatMap((r) => (r.entity.countries as string[] | null) ?? []))].sort();
  const attributes: Record<string, AttributeValues> = {};
  for (const a of storedJson<{ field: string; value: string; match_resolution: boolean }[]>(pe.attributes, [])) {
    const entry = (attributes[a.field] ??= { values: [], match_resolution: false });
    entry.values.push(a.value);
    entry.match_resolution ||= a.match_resolution;
  }
  return {
    project_entity_id: pe.id as string,
    project_id: pe.project_id as string,
    label: label || (attributes.name?.values[0] ?? ''),
    upload_ids: (pe.upload_ids as string[] | null) ?? [],
    strength: ((pe.strength as string | undefined) ?? 'manual') as MatchStrength,
    created_at: pe.created as string,
    updated_at: pe.updated as string,
    attributes,
    countries,
    risk_categories: riskCategoriesOf(risk),
    risk_factors: risk.map((id) => ({ id })),
    upstream: upstreamInfo(upstream.risk, upstream.countries, trade),
    // Tags come from upload rows (ResolutionBody.tags) and PATCH .../entities/{id}.
    tags: tagsOf(pe),
    case: caseStatusOf(pe),
    matches: rows.map(matchBody),
    ...(pe.profile ? { profile: pe.profile as string } : {}),
  };
}
