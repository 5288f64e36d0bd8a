/**
 * The entities and relationship facts of a /v1 traversal answer (traversal, ubo, downstream,
 * watchlist), each once, for the FtM and GraphML exports.
 */
import type { EmbeddedEntity } from '../graph/mappers';

export interface ExportFact {
  record?: string; date?: string; from_date?: string; to_date?: string;
  attributes?: { shares?: { percentage?: number | null; monetary_value?: number | null; currency?: string | null }[]; position?: { value: string }[] };
}
export interface ExportEdge { type: string; from: string; to: string; fact: ExportFact }
export interface Network { source: string; nodes: Map<string, Partial<EmbeddedEntity> & { id: string }>; edges: ExportEdge[] }

interface Segment { field: string; entity: EmbeddedEntity; relationships?: Record<string, { values: unknown[] }> }
export interface TraversalAnswer { data: { source: string; target: EmbeddedEntity; path: Segment[] }[] }

/** Each step's facts read from the previous entity of the path to the step's entity (`A has_shareholder B`). */
export function networkOf(sourceId: string, answer: TraversalAnswer): Network {
  const nodes: Network['nodes'] = new Map([[sourceId, { id: sourceId }]]);
  const edges: ExportEdge[] = [];
  const seen = new Set<string>();
  for (const hit of answer.data) {
    let from = hit.source;
    for (const step of hit.path) {
      nodes.set(step.entity.id, step.entity);
      for (const [type, group] of Object.entries(step.relationships ?? { [step.field]: { values: [{}] } })) {
        for (const fact of group.values as ExportFact[]) {
          const key = JSON.stringify([from, step.entity.id, type, fact.record ?? '', fact.date ?? '', fact.from_date ?? '']);
          if (seen.has(key)) continue;
          seen.add(key);
          edges.push({ type, from, to: step.entity.id, fact });
        }
      }
      from = step.entity.id;
    }
  }
  return { source: sourceId, nodes, edges };
}

/** A /v1 entity answer: the entity, the targets of its relationships page, and every fact between them. */
export interface EntityAnswer { id: string; relationships?: { data: { target: EmbeddedEntity; types: Record<string, unknown[]> }[] } }

export function networkOfEntity(entity: EntityAnswer & Partial<EmbeddedEntity>): Network {
  const nodes: Network['nodes'] = new Map([[entity.id, entity]]);
  const edges: ExportEdge[] = [];
  for (const item of entity.relationships?.data ?? []) {
    nodes.set(item.target.id, item.target);
    for (const [type, facts] of Object.entries(item.types)) for (const fact of facts as ExportFact[]) edges.push({ type, from: entity.id, to: item.target.id, fact });
  }
  return { source: entity.id, nodes, edges };
}
