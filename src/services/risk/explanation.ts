/**
 * Explanations of derived risk factors: the entities that carry a derived factor and the paths
 * from the scored entity to them (for the 50% rule also the owners' effective shares and their
 * aggregate). The scorer builds them from the same view of the graph the factor was derived
 * from and stores them beside the risk, so a read shows the evidence that made the factor fire
 * (docs/risk-and-notifications.md, "Explanations").
 */
import { apiRelType, neo4jRelType } from '../../domain/relationships';
import { parseExplanations } from './explanationText';
import type { EntityRef, Explanation, Explanations, FactRow, OwnerShare, PathStep, StepFact } from './types';
export type { EntityRef, Explanation, Explanations, FactRow, OwnerShare, PathStep, StepFact } from './types';








/**
 * The fact shown for a step among parallel facts: the largest share (branch_of 100%), then type
 * and dates, so every run picks the same. `shares`: the pooled share, else the fact's own.
 */
export function shownFact(facts: FactRow[], shares?: number | null): StepFact | undefined {
  const weight = (f: FactRow) => f.percentage ?? (f.type === neo4jRelType('branch_of') ? 100 : -1);
  const order = (f: FactRow) => [f.type ?? '', f.from_date ?? '', f.to_date ?? ''].join('\u0000');
  const [top] = [...facts].sort((a, b) => weight(b) - weight(a) || order(a).localeCompare(order(b)));
  if (!top) return undefined;
  return {
    relationship: apiRelType(top.type ?? ''), shares: shares !== undefined ? shares : top.percentage ?? null,
    ...(top.from_date ? { from_date: top.from_date } : {}), ...(top.to_date ? { to_date: top.to_date } : {}),
  };
}
/** Key of a (from, to) pair of entities in the scorer's step table. */
export const pairKey = (from: string, to: string) => `${from}\u0000${to}`;

/** Source entities and paths listed per factor: bounded, so a hub does not store thousands. */
export const EXPLANATION_LIMIT = 20;

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** A step as the explanation shows it; the share, when known, is the one the derivation read. */
export function pathStep(entity: EntityRef, fact: StepFact | undefined, shares?: number | null): PathStep {
  return {
    entity,
    relationship: fact?.relationship ?? 'unknown',
    shares: shares !== undefined ? shares : fact?.shares ?? null,
    ...(fact?.from_date ? { from_date: fact.from_date } : {}),
    ...(fact?.to_date ? { to_date: fact.to_date } : {}),
    former: false,
  };
}

/** A source entity's reference and paths, made when an explanation shows them (most are not shown). */
interface Source { ref: () => EntityRef; paths: () => PathStep[][] }

/** `make` run once, on the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const given = <T>(value: T) => () => value;

interface Entry {
  /** Paths per source entity, in the order found. */
  sources: Map<string, Source>;
  fifty?: { owners: OwnerShare[]; total: number; paths: { share: number; path: PathStep[] }[] };
  psaValue?: number;
}

/** Collects the evidence of each derived factor while the derivation runs. */
export class ExplanationBuilder {
  private readonly entries = new Map<string, Entry>();

  private entry(factor: string): Entry {
    let e = this.entries.get(factor);
    if (!e) this.entries.set(factor, (e = { sources: new Map() }));
    return e;
  }

  /**
   * Entity `id` carries the factor's family; `path` leads to it (the first path found for a source
   * is kept). Its reference and path are made only if the explanation shows them: a root that
   * reaches many members lists EXPLANATION_LIMIT of them.
   */
  source(factor: string, id: string, ref: () => EntityRef, path: () => PathStep[]): void {
    const e = this.entry(factor);
    if (!e.sources.has(id)) e.sources.set(id, { ref: once(ref), paths: once(() => [path()]) });
  }

  /** The 50% rule's owners (effective shares), aggregate and contributing paths with their products. */
  fiftyPercent(factor: string, owners: OwnerShare[], total: number, paths: { share: number; path: PathStep[] }[]): void {
    const e = this.entry(factor);
    for (const o of owners) if (!e.sources.has(o.id)) e.sources.set(o.id, { ref: given({ id: o.id, label: o.label }), paths: given([]) });
    e.fifty = { owners, total, paths };
  }

  /**
   * A possibly-same-as entity carries `factor` (its explanation, when derived, is prefixed by the
   * psa step). A numeric factor keeps the owners and aggregate of the entity with the largest value.
   */
  psa(factor: string, psa: EntityRef, value: unknown, explanation: Explanation | undefined): void {
    const e = this.entry(factor);
    const first = pathStep(psa, { relationship: 'possibly_same_as', shares: null });
    const paths = explanation?.paths.length ? explanation.paths.map((p) => [first, ...p]) : [[first]];
    if (!e.sources.has(psa.id)) e.sources.set(psa.id, { ref: given(psa), paths: given(paths) });
    if (typeof value === 'number' && explanation?.owners && (e.psaValue === undefined || value > e.psaValue)) {
      e.psaValue = value;
      e.fifty = { owners: explanation.owners, total: explanation.aggregate_shares ?? value, paths: [] };
    }
  }

  /** The explanations of `factors` (the derived factors that made it into the risk). */
  build(factors: Iterable<string>): Explanations {
    const out: Explanations = {};
    for (const factor of [...factors].sort()) {
      const e = this.entries.get(factor);
      if (!e) continue;
      const ids = [...e.sources.keys()].sort();
      const explanation: Explanation = {
        source_entities: ids.slice(0, EXPLANATION_LIMIT).map((id) => e.sources.get(id)!.ref()),
        source_entity_count: ids.length,
        paths: [],
      };
      if (e.fifty && e.fifty.paths.length) {
        explanation.paths = [...e.fifty.paths]
          .sort((a, b) => b.share - a.share || key(a.path).localeCompare(key(b.path)))
          .slice(0, EXPLANATION_LIMIT).map((p) => p.path);
      } else {
        // The first EXPLANATION_LIMIT paths of the sources in id order: later sources' paths are not made.
        for (const id of ids) {
          if (explanation.paths.length >= EXPLANATION_LIMIT) break;
          explanation.paths.push(...e.sources.get(id)!.paths().slice(0, EXPLANATION_LIMIT - explanation.paths.length));
        }
      }
      if (e.fifty) {
        explanation.owners = [...e.fifty.owners].sort((a, b) => b.effective_shares - a.effective_shares || a.id.localeCompare(b.id));
        explanation.aggregate_shares = round(e.fifty.total, 4);
      }
      out[factor] = explanation;
    }
    return out;
  }
}

const key = (path: PathStep[]) => path.map((s) => s.entity.id).join('\u0000');

/** An owner's effective share as the explanation shows it (4 decimals). */
export const effectiveShare = (percent: number) => round(percent, 4);

/**
 * The entity read's risk map with each derived factor's stored explanation added beside its
 * value, metadata and level (an extra key: the client's RiskData shape stays valid).
 */
export function withExplanations(risk: Record<string, unknown>, stored: unknown): Record<string, unknown> {
  const explanations = parseExplanations(stored);
  const out: Record<string, unknown> = {};
  for (const [factor, entry] of Object.entries(risk)) {
    const explanation = explanations[factor];
    out[factor] = explanation && entry && typeof entry === 'object' ? { ...(entry as object), explanation } : entry;
  }
  return out;
}

/** A path as the client's ProjectEntityRiskSummaryNetworkPath (the risk summary's network_paths). */
export function networkPath(path: PathStep[]) {
  return path.map((s) => ({
    sayari_entity_id: s.entity.id,
    sayari_entity_label: s.entity.label,
    relationship_type: s.relationship,
    relationship_status: s.former ? 'inactive' : 'active',
    former: s.former,
    first_observed: s.from_date ?? '',
    last_observed: s.to_date ?? '',
    ...(s.from_date ? { start_date: s.from_date } : {}),
    ...(s.shares !== null ? { shares: { percentage: s.shares } } : {}),
  }));
}
