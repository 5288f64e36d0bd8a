/**
 * The risk summary of a project entity (the newer client's getProjectEntityRiskSummary): every
 * risk factor of its matched entities with its value, level, categories and the matches that
 * carry it; for the ownership factors (`owned_by_sanctioned_*` and the other `owned_by_*`),
 * the ownership chains that carry them, each step with its relationship, status, former flag,
 * dates and shares, read by the /v1/ubo traversal from the match up to the sanctioned owners.
 * The client's `filter` (risk factor, risk category) selects factors. Viewer; another org's
 * project or project entity is a 404.
 */
import { RISK_CATEGORIES, isRiskFactor, riskCategoriesNamed, withSanctionsFactors } from '../domain/risk';
import { RISK_FACTOR_ONTOLOGY } from '../domain/ontology';
import { UBO_TYPES } from '../domain/relationships';
import type { Graph } from '../graph/neo4j';
import type { Principal } from './auth';
import { riskCategoriesOf } from './projectEntityMatches';
import { AuditSink, ProjectTx } from './projectTx';
import { TraversalService, v1Results } from './traversal';

export interface RiskSummaryFilter { riskFactor: string[]; riskCategory: string[] }

/** Owners read per match for the paths (the /v1/ubo depth and a page of them). */
const PATH_DEPTH = 4;
const PATHS_PER_MATCH = 20;

interface RiskEntry { value: string | number | boolean; metadata?: { country?: string[] }; level: string }
interface Segment { entity: { id: string; label: string; risk?: Record<string, unknown> }; relationships: Record<string, { values: { attributes?: { shares?: { percentage?: number; num_shares?: number; monetary_value?: number }[] } }[]; former?: boolean; start_date?: string; end_date?: string; last_observed?: string }> }

const labels = new Map(RISK_FACTOR_ONTOLOGY.map((f) => [f.id, f.label]));
const isOwnershipFactor = (factor: string) => factor.startsWith('owned_by_') || factor.endsWith('_50_percent_rule');

/** One step of a path as the client's ProjectEntityRiskSummaryNetworkPath. */
function step(s: Segment) {
  const [type, group] = Object.entries(s.relationships)[0] ?? ['', { values: [], former: false }];
  const share = group.values.flatMap((v) => v.attributes?.shares ?? [])[0];
  return {
    sayari_entity_id: s.entity.id,
    sayari_entity_label: s.entity.label,
    relationship_type: type,
    relationship_status: group.former ? 'inactive' : 'active',
    former: Boolean(group.former),
    first_observed: group.start_date ?? '',
    last_observed: group.last_observed ?? group.end_date ?? '',
    ...(group.start_date ? { start_date: group.start_date } : {}),
    ...(share ? { shares: { ...(share.percentage !== undefined ? { percentage: share.percentage } : {}), ...(share.num_shares !== undefined ? { num_shares: share.num_shares } : {}), ...(share.monetary_value !== undefined ? { monetary_value: share.monetary_value } : {}) } } : {}),
  };
}

export class RiskSummaryService extends ProjectTx {
  constructor(graph: Graph, private readonly traversal: TraversalService, audit: AuditSink) {
    super(graph, audit);
  }

  /** The ownership chains from `entityId` up to owners that carry one of `factors` (sanctions lists for owned_by_sanctioned_*). */
  private async paths(entityId: string, factors: string[]) {
    const wanted = new Set(withSanctionsFactors(factors.map((f) => f.replace(/^owned_by_/, '').replace(/_entity$/, '').replace(/_50_percent_rule$/, ''))).filter(isRiskFactor));
    if (!wanted.size) return [];
    const result = await this.traversal.traverse({
      id: entityId, offset: 0, limit: PATHS_PER_MATCH, minDepth: 1, maxDepth: PATH_DEPTH, relationships: UBO_TYPES, psa: false,
      countries: [], types: [], sanctioned: false, pep: false, watchlist: false, minShares: 0, includeUnknownShares: true,
      excludeFormerRelationships: false, excludeClosedEntities: false, riskFactors: [...wanted], withStepFacts: true,
    });
    const facts = result.stepFacts ?? await this.traversal.stepFacts(result.hits);
    return v1Results(entityId, result.hits, facts).map((r) => (r.path as unknown as Segment[]).map(step));
  }

  async summary(principal: Principal, projectId: string, projectEntityId: string, filter: RiskSummaryFilter) {
    const pe = await this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      return this.readProjectEntity(tx, projectId, projectEntityId);
    });
    const categories = filter.riskCategory.flatMap((c) => riskCategoriesNamed(c)).map((c) => RISK_CATEGORIES[c]).filter(Boolean);
    const factorFilter = filter.riskFactor.length ? new Set(withSanctionsFactors(filter.riskFactor)) : undefined;
    const selected = (factor: string) => (!factorFilter || factorFilter.has(factor)) && (categories.length === 0 || categories.some((t) => t(factor)));
    const byFactor = new Map<string, { entry: RiskEntry; sources: string[] }>();
    for (const match of pe.matches) {
      for (const [factor, entry] of Object.entries((match.summary.risk ?? {}) as Record<string, RiskEntry>)) {
        if (!selected(factor)) continue;
        const known = byFactor.get(factor);
        if (known) known.sources.push(match.match_id);
        else byFactor.set(factor, { entry, sources: [match.match_id] });
      }
    }
    const riskFactors = [];
    for (const [factor, { entry, sources }] of [...byFactor].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const networkPaths = isOwnershipFactor(factor) ? (await Promise.all(sources.map((s) => this.paths(s, [factor])))).flat() : [];
      riskFactors.push({
        id: factor,
        label: labels.get(factor) ?? factor,
        value: typeof entry.value === 'boolean' ? Number(entry.value) : entry.value,
        level: entry.level,
        risk_categories: riskCategoriesOf([factor]),
        source_entity_ids: sources,
        network_paths: networkPaths,
        metadata: entry.metadata?.country?.length ? [{ country: entry.metadata.country }] : [],
        risk_intelligence: [] as Record<string, string | number>[],
      });
    }
    return {
      data: { project_entity_id: projectEntityId, project_id: projectId, risk_factors: riskFactors },
      filters: { ...(filter.riskFactor.length ? { risk_factor: filter.riskFactor } : {}), ...(filter.riskCategory.length ? { risk_category: filter.riskCategory } : {}) },
    };
  }
}
