/**
 * A deliberately plain reference implementation of the traversal semantics, over the lines
 * of an ingest file held in memory: exhaustive depth-first enumeration of simple paths.
 * Slow and obviously right; the API is compared with it on random queries.
 */
import { SHARE_BEARING_TYPES, inverseRelationship } from '../../src/domain/relationships';

/**
 * The last day a date string `YYYY[-MM[-DD]]` covers, as YYYY-MM-DD (spec Conventions: a partial
 * date covers its whole period). Written here, not taken from src: "2020" -> "2020-12-31",
 * "2019-06" -> "2019-06-30", "2020-02" -> "2020-02-29", "2021-02" -> "2021-02-28".
 */
export function lastDayOf(date: string): string {
  const [y, m, d] = date.split('-');
  if (d !== undefined) return date;
  if (m === undefined) return `${y}-12-31`;
  const year = Number(y);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Number(m) - 1];
  if (days === undefined) throw new Error(`lastDayOf: bad month in ${date}`);
  return `${y}-${m}-${String(days)}`;
}

export interface RefEntity { id: string; type: string; label: string; closed: boolean; countries: string[]; factors: string[]; sanctioned: boolean; pep: boolean }
export interface RefFact { type: string; from: string; to: string; percentage: number | null; toEnd: string | null }

export interface RefQuery {
  source: string; minDepth: number; maxDepth: number; types: string[]; psa: boolean;
  countries: string[]; entityTypes: string[]; name?: string; sanctioned: boolean; pep: boolean; watchlist: boolean;
  minShares: number; includeUnknownShares: boolean; excludeFormer: boolean; excludeClosed: boolean; riskFactors: string[];
  offset: number; limit: number; today: string;
}

export class ReferenceGraph {
  readonly entities = new Map<string, RefEntity>();
  /** Outgoing facts per entity, both directions of every line stored, like the service. */
  readonly out = new Map<string, RefFact[]>();

  constructor(lines: any[]) {
    for (const l of lines) {
      if (l.kind !== 'entity') continue;
      const factors = (l.risk ?? []).map((r: any) => r.factor as string);
      this.entities.set(l.id, {
        id: l.id, type: l.type, label: l.label ?? l.attributes?.find((a: any) => a.field === 'name')?.value ?? l.id, closed: l.closed ?? false,
        countries: (l.attributes ?? []).filter((a: any) => a.field === 'country').map((a: any) => a.value), factors,
        sanctioned: factors.some((f: string) => f.startsWith('sanctioned')), pep: factors.includes('pep'),
      });
    }
    const add = (f: RefFact) => this.out.set(f.from, [...(this.out.get(f.from) ?? []), f]);
    for (const l of lines) {
      if (l.kind === 'relationship') {
        const known = (l.shares ?? []).map((s: any) => s.percentage).filter((p: unknown) => typeof p === 'number');
        const base = { percentage: known.length ? Math.max(...known) : null, toEnd: l.to_date ? lastDayOf(l.to_date) : null };
        add({ ...base, type: l.type, from: l.from, to: l.to });
        add({ ...base, type: inverseRelationship(l.type), from: l.to, to: l.from });
      } else if (l.kind === 'possibly_same_as') {
        add({ type: 'possibly_same_as', from: l.a, to: l.b, percentage: null, toEnd: null });
        add({ type: 'possibly_same_as', from: l.b, to: l.a, percentage: null, toEnd: null });
      }
    }
  }

  /** The step filters, one predicate each; a fact passes a step when it passes all of them. */
  stepFilters(q: RefQuery): ((f: RefFact) => boolean)[] {
    return [
      (f) => q.types.includes(f.type) || (q.psa && f.type === 'possibly_same_as'),
      (f) => !SHARE_BEARING_TYPES.has(f.type) || q.minShares <= 0 || (f.percentage !== null ? f.percentage >= q.minShares : q.includeUnknownShares),
      (f) => !q.excludeFormer || f.toEnd === null || f.toEnd >= q.today,
      (f) => !q.excludeClosed || !this.entities.get(f.to)!.closed,
    ];
  }

  factPasses(f: RefFact, q: RefQuery): boolean {
    return this.stepFilters(q).every((passes) => passes(f));
  }

  endPasses(e: RefEntity, q: RefQuery): boolean {
    return (q.countries.length === 0 || e.countries.some((c) => q.countries.includes(c)))
      && (q.entityTypes.length === 0 || q.entityTypes.includes(e.type))
      && (!q.name || e.label.toLowerCase().includes(q.name.toLowerCase()))
      && (!q.sanctioned || e.sanctioned) && (!q.pep || e.pep) && (!q.watchlist || e.sanctioned || e.pep);
  }

  /**
   * Shortest length per target over steps that pass the filters: a plain breadth-first search.
   * It answers exactly when nothing but the steps decides (no risk filter, min_depth at most 1):
   * a shortest walk repeats no entity.
   */
  distances(q: RefQuery): Map<string, number> {
    const best = new Map<string, number>([[q.source, 0]]);
    let frontier = [q.source];
    for (let depth = 1; depth <= q.maxDepth && frontier.length > 0; depth++) {
      const next: string[] = [];
      for (const node of frontier) {
        for (const f of this.out.get(node) ?? []) {
          if (best.has(f.to) || !this.factPasses(f, q)) continue;
          best.set(f.to, depth);
          next.push(f.to);
        }
      }
      frontier = next;
    }
    return best;
  }

  /** Shortest qualifying length per target, then the page. */
  run(q: RefQuery): { targets: { id: string; length: number }[]; next: boolean; total: number } {
    const byLevels = q.riskFactors.length === 0 && q.minDepth <= 1;
    const best = byLevels ? this.distances(q) : new Map<string, number>();
    const path = [q.source];
    const onPath = new Set(path);
    const risky = (id: string) => this.entities.get(id)!.factors.some((f) => q.riskFactors.includes(f));
    const visit = (node: string, depth: number, riskSeen: boolean) => {
      if (depth >= Math.max(1, q.minDepth) && (q.riskFactors.length === 0 || riskSeen)) {
        if (!best.has(node) || best.get(node)! > depth) best.set(node, depth);
      }
      if (depth === q.maxDepth) return;
      for (const f of this.out.get(node) ?? []) {
        if (onPath.has(f.to) || !this.factPasses(f, q)) continue;
        onPath.add(f.to);
        visit(f.to, depth + 1, riskSeen || risky(f.to));
        onPath.delete(f.to);
      }
    };
    if (!byLevels) visit(q.source, 0, false);
    best.delete(q.source);
    const all = [...best.entries()]
      .filter(([id]) => this.endPasses(this.entities.get(id)!, q))
      .map(([id, length]) => ({ id, length }));
    const source = this.entities.get(q.source)!;
    // A path of length 0 ends at the source: it is a result when it passes what a target must.
    if (q.minDepth === 0 && q.riskFactors.length === 0 && this.endPasses(source, q) && !(q.excludeClosed && source.closed)) all.push({ id: q.source, length: 0 });
    all.sort((a, b) => a.length - b.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = all.slice(q.offset, q.offset + q.limit);
    return { targets: page, next: q.offset + page.length < all.length, total: all.length };
  }
}
