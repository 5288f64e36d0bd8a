/**
 * The stored text of explanations (an entity's `risk_explanation`): a compact form that reads
 * back to the same Explanations. An explanation names the same entities again and again (in
 * source_entities, in every path step, among the owners), each with its id and label; stored as
 * the API shows it, that repetition was most of what a re-scoring wrote and read. Here each
 * (id, label) and each relationship type is written once, in a table, and paths and owners refer
 * to it by position. Text stored in the API's own form (by an older build) reads as it is.
 */
import type { EntityRef, Explanation, Explanations, PathStep } from './types';

/** The version mark of the compact form (text without it is the API's form). */
const COMPACT = 2;

/** A step: entity and relationship by position, the share, then dates and `former` only when set. */
type StoredStep = [entity: number, relationship: number, shares: number | null, from?: string | null, to?: string | null, former?: 1];
/** A factor: source entities by position, their count, the paths, then the 50% rule's owners and aggregate when set. */
type StoredFactor = [sources: number[], count: number, paths: StoredStep[][], owners?: [entity: number, effectiveShares: number][] | null, aggregate?: number];

interface Stored {
  v: typeof COMPACT;
  /** (id, label) pairs, in the order first named. */
  e: [string, string][];
  /** Relationship types, in the order first named. */
  r: string[];
  f: Record<string, StoredFactor>;
}

/** Positions in a table of values first seen in order (the same explanations give the same text). */
class Table<T> {
  readonly values: T[] = [];
  private readonly index = new Map<string, number>();
  constructor(private readonly keyOf: (value: T) => string) {}
  of(value: T): number {
    const key = this.keyOf(value);
    let at = this.index.get(key);
    if (at === undefined) {
      at = this.values.push(value) - 1;
      this.index.set(key, at);
    }
    return at;
  }
}

/** Stored text of explanations: null when there are none, so entities without derived factors store nothing. */
export function explanationJson(explanations: Explanations): string | null {
  const factors = Object.keys(explanations);
  if (!factors.length) return null;
  const entities = new Table<[string, string]>(([id, label]) => `${id}\u0000${label}`);
  const relationships = new Table<string>((r) => r);
  const entity = (ref: EntityRef) => entities.of([ref.id, ref.label]);
  const step = (s: PathStep): StoredStep => {
    const out: StoredStep = [entity(s.entity), relationships.of(s.relationship), s.shares];
    if (s.from_date !== undefined || s.to_date !== undefined || s.former) out.push(s.from_date ?? null, s.to_date ?? null);
    if (s.former) out.push(1);
    return out;
  };
  const f: Record<string, StoredFactor> = {};
  for (const factor of factors) {
    const x = explanations[factor];
    const stored: StoredFactor = [x.source_entities.map(entity), x.source_entity_count, x.paths.map((p) => p.map(step))];
    if (x.owners !== undefined || x.aggregate_shares !== undefined) {
      stored.push(x.owners ? x.owners.map((o): [number, number] => [entity(o), o.effective_shares]) : null);
      if (x.aggregate_shares !== undefined) stored.push(x.aggregate_shares);
    }
    f[factor] = stored;
  }
  const text: Stored = { v: COMPACT, e: entities.values, r: relationships.values, f };
  return JSON.stringify(text);
}

function expand(stored: Stored): Explanations {
  const ref = (at: number): EntityRef => ({ id: stored.e[at][0], label: stored.e[at][1] });
  const step = ([at, rel, shares, from, to, former]: StoredStep): PathStep => ({
    entity: ref(at),
    relationship: stored.r[rel],
    shares,
    ...(typeof from === 'string' ? { from_date: from } : {}),
    ...(typeof to === 'string' ? { to_date: to } : {}),
    former: former === 1,
  });
  const out: Explanations = {};
  for (const [factor, [sources, count, paths, owners, aggregate]] of Object.entries(stored.f)) {
    const explanation: Explanation = { source_entities: sources.map(ref), source_entity_count: count, paths: paths.map((p) => p.map(step)) };
    if (owners) explanation.owners = owners.map(([at, share]) => ({ ...ref(at), effective_shares: share }));
    if (aggregate !== undefined) explanation.aggregate_shares = aggregate;
    out[factor] = explanation;
  }
  return out;
}

/** The explanations of stored text, in either form; none for anything else. */
export function parseExplanations(json: unknown): Explanations {
  if (typeof json !== 'string' || !json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return (parsed as { v?: unknown }).v === COMPACT ? expand(parsed as Stored) : (parsed as Explanations);
  } catch {
    return {};
  }
}
