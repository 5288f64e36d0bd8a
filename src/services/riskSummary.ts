/**
 * The risk summary of a project entity (the newer client's getProjectEntityRiskSummary): every
 * risk factor of its matched entities with its value, level, categories and the matches that
 * carry it; for each derived factor (owned_by_*, owner_of_*, *_50_percent_rule, *_adjacent,
 * psa_*), the network paths of the explanation the scorer stored with the factor
 * (src/services/risk/explanation.ts), the same the entity read shows, so the two never disagree.
 * The client's `filter` (risk factor, risk category) selects factors. Viewer; another org's
 * project or project entity is a 404.
 */
import { RISK_CATEGORIES, riskCategoriesNamed, withSanctionsFactors } from '../domain/risk';
import { RISK_FACTOR_ONTOLOGY } from '../domain/ontology';
import { cypher } from '../graph/cypherFiles';
import { networkPath, type Explanations } from './risk/explanation';
import { parseExplanations } from './risk/explanationText';
import type { Principal } from './auth';
import { riskCategoriesOf } from './projects/entityMatches';
import { ProjectTx } from './projects/tx';

export interface RiskSummaryFilter { riskFactor: string[]; riskCategory: string[] }

interface RiskEntry { value: string | number | boolean; metadata?: { country?: string[] }; level: string }

const labels = new Map(RISK_FACTOR_ONTOLOGY.map((f) => [f.id, f.label]));

export class RiskSummaryService extends ProjectTx {
  async summary(principal: Principal, projectId: string, projectEntityId: string, filter: RiskSummaryFilter) {
    const { pe, explanations } = await this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      const found = await this.readProjectEntity(tx, projectId, projectEntityId);
      const rows = (await tx.run(cypher('risk', 'risk-explanations'), { ids: found.matches.map((m) => m.match_id) })).records;
      return { pe: found, explanations: new Map<string, Explanations>(rows.map((r) => [r.get('id') as string, parseExplanations(r.get('explanation'))])) };
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
      const networkPaths = sources.flatMap((s) => explanations.get(s)?.[factor]?.paths ?? []).map(networkPath);
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
