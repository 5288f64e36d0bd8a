/** Response shaping of traversal hits: legacy `data` and /v1 `data` (PathSegments). */
import { isPast, todayUtc } from '../../domain/dates';
import { EmbeddedEntity, Props, Surface, embeddedEntity, relationshipFact } from '../../graph/mappers';
import { Step, StepFacts, stepKey } from './request';

/** embeddedEntity once per entity: the paths of one answer share entities (each target is also its path's last step). */
function embedder(surface: Surface): (e: Props) => EmbeddedEntity {
  const built = new Map<string, EmbeddedEntity>();
  return (e) => {
    let entity = built.get(e.id as string);
    if (!entity) built.set(e.id as string, (entity = embeddedEntity(e, surface)));
    return entity;
  };
}

/** Legacy `data`: each hit's target and its path of legacy PathSegments (each with the fact the path used). */
export function legacyResults(hits: { target: Props; steps: Step[] }[]) {
  const embed = embedder('legacy');
  return hits.map((h) => ({
    target: embed(h.target),
    path: h.steps.map((step) => ({ field: step.type, relationship: relationshipFact(step.fact), entity: embed(step.to) })),
  }));
}

/** /v1 `data`: each hit's source id, target and path of /v1 PathSegments. */
export function v1Results(sourceId: string, hits: { target: Props; steps: Step[] }[], facts: StepFacts) {
  const embed = embedder('v1');
  return hits.map((h) => ({ source: sourceId, target: embed(h.target), path: h.steps.map((step) => v1Segment(step, facts.get(stepKey(step)), embed)) }));
}

interface SegmentGroup { values: unknown[]; former?: boolean; start_date?: string; end_date?: string; last_observed?: string }

/**
 * /v1 PathSegment: every fact between the two entities, grouped by type. Each value carries its
 * dates and whether it is former (ended before today), as in the /v1 entity's relationships; a
 * group is former when all its facts are, starts at its earliest start and, when former, ends
 * at its latest end (the published client's TraversalRelationshipData).
 */
function v1Segment(step: Step, facts: { type: string; fact: Props; acquisitionDate?: string }[] | undefined, embed: (e: Props) => EmbeddedEntity) {
  const relationships: Record<string, SegmentGroup> = {};
  const today = todayUtc();
  for (const { type, fact, acquisitionDate } of facts ?? [{ type: step.type, fact: step.fact }]) {
    const base = relationshipFact(fact);
    const former = typeof fact.to_date === 'string' && isPast(fact.to_date, today);
    const group = (relationships[type] ??= { values: [], former: true });
    group.values.push({ ...base, acquisition_date: acquisitionDate ?? '', former });
    group.former = group.former && former;
    const start = base.from_date ?? base.date;
    if (start && (!group.start_date || start < group.start_date)) group.start_date = start;
    if (base.to_date && (!group.end_date || base.to_date > group.end_date)) group.end_date = base.to_date;
    const observed = (fact.date as string | undefined) ?? acquisitionDate;
    if (observed && (!group.last_observed || observed > group.last_observed)) group.last_observed = observed;
  }
  for (const group of Object.values(relationships)) if (!group.former) delete group.end_date;
  return { field: step.type, entity: embed(step.to), relationships };
}
